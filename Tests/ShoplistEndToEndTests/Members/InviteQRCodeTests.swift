import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The QR code `shoplist members add` draws on a terminal, read back as a camera would: the
/// binary runs under a pseudo-terminal (`script`), the test paints the block characters it
/// printed into an image, and Debian's `zbarimg` decodes the image, which must give the link.
@Suite(.offThePool) struct InviteQRCodeTests {
  static var hasReader: Bool { TestTools.has("/usr/bin/zbarimg") && TestTools.has("/usr/bin/script") }

  @Test(
    .enabled(if: TestTools.runs(needing: hasReader), "needs zbarimg (zbar-tools) and script"),
    arguments: [
      // The default address: a short link, a small symbol.
      (nil, false),
      // A long public address: a large symbol (version 7 and up carry version information).
      (
        "https://the-shopping-list-of-the-whole-household.home-server.example.org:8443",
        false
      ),
      // The longest a link may be and still be drawn, and in colour as terminals show it.
      (
        "https://" + String(repeating: "a", count: 60) + "." + String(repeating: "b", count: 60)
          + "." + String(repeating: "c", count: 35) + ".example.org",
        true
      ),
    ] as [(String?, Bool)])
  func theCodeOnATerminalReadsAsTheLink(url: String?, colour: Bool) throws {
    let shoplist = try Shoplist()
    let arguments = ["members", "add", "Ana"] + (url.map { ["--url", $0] } ?? [])
    let commandLine = ([Shoplist.binary.path] + arguments).map { "'\($0)'" }
      .joined(separator: " ")
    var environment = ["TERM": "xterm-256color"]
    if !colour { environment["NO_COLOR"] = "1" }
    let result = try shoplist.runTool(
      "/usr/bin/script", ["-qec", commandLine, "/dev/null"], environment: environment)
    #expect(result.status == 0, "\(result)")

    let lines = Self.withoutEscapes(result.stdout).replacingOccurrences(of: "\r", with: "")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let link = try #require(lines.first { $0.contains("/join/") }, "\(result)")
    #expect(link.hasPrefix((url ?? "http://127.0.0.1:8080") + "/join/"))
    #expect(result.stdout.contains("\u{1B}[30;107m") == colour)
    let blocks = lines.drop { $0 != link }.dropFirst().filter {
      !$0.isEmpty && $0.allSatisfy { " ▀▄█".contains($0) }
    }
    #expect(blocks.count >= 14, "\(result.stdout)")

    let image = shoplist.folder.appendingPathComponent("invite.pgm")
    try Self.pgm(blocks).write(to: image)
    let decoded = try shoplist.runTool("/usr/bin/zbarimg", ["--raw", "-q", image.path])
    #expect(decoded.status == 0, "zbarimg read nothing: \(decoded)")
    #expect(decoded.stdout == link + "\n", "\(decoded)")
  }

  @Test func noCodeIsDrawnIntoAPipe() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.ok("members", "add", "Ana")
    #expect(!result.stdout.contains("█") && !result.stdout.contains("▀"))
  }

  // MARK: - Helpers

  /// `text` without terminal escape sequences (colours).
  static func withoutEscapes(_ text: String) -> String {
    text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
  }

  /// The drawn lines as a binary PGM image: each character two modules tall (`▀` dark above,
  /// `▄` dark below, `█` both, a space neither), each module `scale` pixels square, on white.
  static func pgm(_ lines: [String], scale: Int = 6) -> Data {
    let columns = lines.map(\.count).max() ?? 0
    let margin = 4
    let width = (columns + 2 * margin) * scale
    let height = (lines.count * 2 + 2 * margin) * scale
    var pixels = [UInt8](repeating: 255, count: width * height)
    for (line, text) in lines.enumerated() {
      for (column, character) in text.enumerated() {
        let dark: (upper: Bool, lower: Bool) =
          switch character {
          case "█": (true, true)
          case "▀": (true, false)
          case "▄": (false, true)
          default: (false, false)
          }
        for (half, isDark) in [(0, dark.upper), (1, dark.lower)] where isDark {
          let top = (margin + line * 2 + half) * scale
          let left = (margin + column) * scale
          for y in top..<(top + scale) {
            for x in left..<(left + scale) { pixels[y * width + x] = 0 }
          }
        }
      }
    }
    return Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
  }
}
