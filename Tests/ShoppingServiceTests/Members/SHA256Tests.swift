import Foundation
import ShoplistTestSupport
import Testing

@testable import ShoppingService

/// The SHA-256 that keeps invite codes and secrets out of the database, against the
/// standard's examples and against Debian's `sha256sum`.
@Suite struct SHA256Tests {
  /// FIPS 180-4's examples (and NIST's), each a message and its digest.
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
        + "klmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func theStandardsExamples(message: String, digest: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == digest)
  }

  @Test func aMillionAs() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      SHA256.hex(of: message)
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Every length around the padding's edges (55, 56 and 64 bytes need a second block), with
  /// bytes of every value, as `sha256sum` hashes them.
  @Test func agreesWithSha256sum() throws {
    var generator = SystemRandomNumberGenerator()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-sha256-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [(URL, String)] = []
    for length in Array(0...130) + [1_000, 4_096, 65_537] {
      let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      let file = folder.appendingPathComponent("m\(length)")
      try Data(bytes).write(to: file)
      files.append((file, SHA256.hex(of: bytes)))
    }
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = files.map(\.0.path)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n")
    #expect(lines.count == files.count)
    for (line, (file, digest)) in zip(lines, files) {
      #expect(line == "\(digest)  \(file.path)")
    }
  }
}
