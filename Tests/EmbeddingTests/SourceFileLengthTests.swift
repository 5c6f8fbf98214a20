import Foundation
import Testing

/// Small files: past about 300 lines a Swift file is asking to be split (STYLE), and none of
/// shoplist's may grow past that again unnoticed. The page's scripts, its stylesheet and the
/// checksumming VFS's C file are not held to it yet.
@Suite struct SourceFileLengthTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")
  static let limit = 300

  /// Every Swift file under `folder` with more than `limit` lines, and its count.
  static func longFiles(under folder: URL) throws -> [String: Int] {
    var long: [String: Int] = [:]
    let files = FileManager.default.enumerator(atPath: folder.path)
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appending(path: path), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        - (text.hasSuffix("\n") ? 1 : 0)
      if lines > limit { long[path] = lines }
    }
    return long
  }

  @Test func noSwiftSourceFileIsLongerThanThreeHundredLines() throws {
    let long = try Self.longFiles(under: Self.sources)
    #expect(
      long.isEmpty,
      "\(long.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value) lines" })")
  }

  @Test func aLongFileIsFound() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "length-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try String(repeating: "let x = 1\n", count: 301).write(
      to: folder.appending(path: "Long.swift"), atomically: true, encoding: .utf8)
    try String(repeating: "let x = 1\n", count: 300).write(
      to: folder.appending(path: "Short.swift"), atomically: true, encoding: .utf8)

    #expect(try Self.longFiles(under: folder) == ["Long.swift": 301])
  }
}
