import Foundation

extension FileHandle {
  /// What a child process writes here up to its first line end (without it), or all it wrote
  /// when it closed its end first: a server's `serving …` line, a helper's count. Gives up
  /// after `seconds`, once the chunk being read arrives.
  public func firstLine(within seconds: Double = .infinity) -> String {
    var line = Data()
    let deadline = Date().addingTimeInterval(seconds)
    while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
      let chunk = availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
      ?? ""
  }
}
