import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The build tool that compiles `Migrations/*.sql` into the binary, run as the build runs it.
@Suite(.offThePool) struct EmbedMigrationsToolTests {
  static let tool: URL = Shoplist.binary.deletingLastPathComponent()
    .appendingPathComponent("EmbedMigrationsTool")

  /// A folder of its own for each test, and `file(_:_:)` to write into it.
  let files: Shoplist
  var folder: URL { files.folder }

  init() throws {
    files = try Shoplist()
  }

  func file(_ name: String, _ text: String) throws -> String {
    try files.file(name, text)
  }

  func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Subprocess()
    process.executableURL = Self.tool
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func numberedFilesBecomeOneSourceInOrder() throws {
    let second = try file("0002_more.sql", "ALTER TABLE t ADD COLUMN \"b\";\n")
    let first = try file("0001_initial.sql", "CREATE TABLE t (a);\n")
    let output = folder.appendingPathComponent("Migrations.swift").path

    let result = try run([output, second, first])

    #expect(result.status == 0, "\(result.stderr)")
    let source = try String(contentsOfFile: output, encoding: .utf8)
    #expect(source.contains(#"version: 1,"# + "\n" + #"      name: "0001_initial","#))
    #expect(source.contains(#"sql: "ALTER TABLE t ADD COLUMN \"b\";\n""#))
    let firstAt = try #require(source.range(of: "0001_initial"))
    let secondAt = try #require(source.range(of: "0002_more"))
    #expect(firstAt.lowerBound < secondAt.lowerBound)
  }

  @Test func aGapInTheNumbersFailsTheBuildNamingTheFile() throws {
    let first = try file("0001_initial.sql", "SELECT 1;")
    let third = try file("0003_skipped.sql", "SELECT 3;")

    let result = try run([folder.appendingPathComponent("out.swift").path, first, third])

    #expect(result.status == 1)
    #expect(result.stderr == "error: \(third): expected migration number 2, found 3\n")
  }

  @Test func aFileNotNamedLikeAMigrationFailsTheBuild() throws {
    let stray = try file("initial.sql", "SELECT 1;")

    let result = try run([folder.appendingPathComponent("out.swift").path, stray])

    #expect(result.status == 1)
    #expect(result.stderr == "error: \(stray): expected a name like 0001_initial.sql\n")
  }

  @Test func unreadableInputsAndUnwritableOutputsFailWithThePath() throws {
    let missing = folder.appendingPathComponent("0001_missing.sql").path
    let input = try file("0001_initial.sql", "SELECT 1;")
    let nowhere = folder.appendingPathComponent("no/such/folder/out.swift").path

    let unreadable = try run([folder.appendingPathComponent("out.swift").path, missing])
    let unwritable = try run([nowhere, input])
    let noArguments = try run([])

    #expect(unreadable.status == 1)
    #expect(unreadable.stderr == "error: \(missing): No such file or directory\n")
    #expect(unwritable.status == 1)
    #expect(unwritable.stderr == "error: \(nowhere): No such file or directory\n")
    #expect(noArguments.status == 1)
    #expect(noArguments.stderr.hasPrefix("error: usage: EmbedMigrationsTool"))
  }

  @Test func aMigrationThatIsNotUTF8FailsTheBuild() throws {
    let path = folder.appendingPathComponent("0001_initial.sql")
    try Data([0x53, 0x45, 0xFF, 0x4C]).write(to: path)

    let result = try run([folder.appendingPathComponent("out.swift").path, path.path])

    #expect(result.status == 1)
    #expect(result.stderr == "error: \(path.path): not UTF-8 text\n")
  }
}
