import Foundation
import ShoplistTestSupport

/// An answer read off a raw connection: its status, its head (status line and header lines)
/// and every byte that came after the head.
struct RawAnswer: CustomStringConvertible {
  var status: Int
  var head: String
  var body: String

  /// The value of the header `name` (any case), if sent.
  func header(_ name: String) -> String? {
    head.split(separator: "\r\n").dropFirst().first { line in
      line.lowercased().hasPrefix(name.lowercased() + ":")
    }.map { $0.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces) }
  }

  var description: String { head + "\r\n\r\n" + body }
}

extension ServingShoplist {
  /// Sends `lines` — a request line and header lines, exactly as given, which curl would
  /// rewrite (a second `Host`, an empty one, a target in absolute form) — on a new connection,
  /// and reads the answer for up to `seconds`: enough for its head and `Content-Length` bytes,
  /// and whatever else arrives within half a second after (a body that should not be there).
  func raw(_ lines: [String], seconds: Double = 5) throws -> RawAnswer {
    guard let connection = RawConnection(port: port) else {
      throw Shoplist.Failure("cannot connect to port \(port)")
    }
    defer { connection.close() }
    guard connection.send((lines + ["", ""]).joined(separator: "\r\n")) else {
      throw Shoplist.Failure("the request could not be sent")
    }
    var text = connection.receive(for: seconds) { $0.contains("\r\n\r\n") }.text
    text += connection.receive(for: 0.5).text
    guard let end = text.range(of: "\r\n\r\n"),
      let status = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw Shoplist.Failure("no answer: \(text.debugDescription)") }
    return RawAnswer(
      status: status, head: String(text[..<end.lowerBound]), body: String(text[end.upperBound...]))
  }
}
