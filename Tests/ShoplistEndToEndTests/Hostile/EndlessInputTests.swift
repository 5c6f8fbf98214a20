import Foundation
import ShoplistTestTraits
import Testing

/// Inputs without end or with absurd lines: bounded memory, a clear exit 65, never a crash.
@Suite(.offThePool) struct EndlessInputTests {
  /// `import /dev/zero` in a shell whose address space is capped at 2 GB, as a machine short
  /// of memory would be: a reader that buffered the endless line would abort.
  @Test(arguments: ["text", "csv", "ndjson", "json"])
  func anEndlessLineEndsWithExit65UnderAMemoryLimit(format: String) throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let before = shoplist.databaseBytes()
    let command =
      "ulimit -v 2000000; exec '\(Shoplist.binary.path)' import /dev/zero --format \(format)"

    let clock = ContinuousClock()
    let start = clock.now
    let result = try shoplist.runShell(command)
    let elapsed = clock.now - start

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: /dev/zero:1: "), "\(result)")
    #expect(format == "json" || result.stderr.contains("line too long"), "\(result)")
    #expect(elapsed < .seconds(60), "\(elapsed)")
    #expect(shoplist.databaseBytes() == before)
  }

  @Test(arguments: ["txt", "csv", "ndjson"])
  func aLineOverOneMebibyteIsABadRowAndTheRestStillReads(format: String) throws {
    let shoplist = try Shoplist()
    let long = String(repeating: "x", count: 1_100_000)
    let lines: [String] =
      switch format {
      case "csv": ["name", "milk", long, "eggs"]
      case "ndjson": [#"{"name": "milk"}"#, #"{"name": "\#(long)"}"#, #"{"name": "eggs"}"#]
      default: ["milk", long, "eggs"]
      }
    let path = try shoplist.file("big.\(format)", lines.joined(separator: "\n") + "\n")
    let line = format == "csv" ? 3 : 2

    let strict = try shoplist.run("import", path)
    let lenient = try shoplist.run("import", path, "--skip-invalid")

    #expect(strict.status == 65, "\(strict)")
    #expect(strict.stderr.contains("\(path):\(line): line too long"), "\(strict)")
    #expect(lenient.status == 0, "\(lenient)")
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test func aJSONValueOverOneMebibyteIsRefused() throws {
    let shoplist = try Shoplist()
    let long = String(repeating: "x", count: 1_100_000)
    let path = try shoplist.file("big.json", #"[{"name": "milk", "note": "\#(long)"}]"#)

    let result = try shoplist.run("import", path)

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("line too long"), "\(result)")
    #expect(try shoplist.names().isEmpty)
  }
}
