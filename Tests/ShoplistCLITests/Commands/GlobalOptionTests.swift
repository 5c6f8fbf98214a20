import Foundation
import Testing

@testable import ShoplistCLI

/// The options every command takes, where the database and the target list come from, and
/// what the command line says about input it does not understand.
@Suite struct GlobalOptionTests {
  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }

  @Test func theDatabaseIsCreatedOnFirstUseWithPrivatePermissions() throws {
    let shoplist = try InProcess()
    let path = shoplist.folder.appendingPathComponent("deep/down/shop.sqlite").path

    try shoplist.ok("add", "Milk", "--db", path)

    #expect(try permissions(path) == 0o600)
    #expect(try permissions(shoplist.folder.appendingPathComponent("deep/down").path) == 0o700)
    #expect(try permissions(shoplist.folder.appendingPathComponent("deep").path) == 0o700)
  }

  @Test func dbTakesPrecedenceOverTheEnvironment() throws {
    let shoplist = try InProcess()
    let path = shoplist.folder.appendingPathComponent("other.sqlite").path

    try shoplist.ok("add", "Milk", "--db", path)

    #expect(exists(path))
    #expect(!exists(shoplist.database.path))
    #expect(shoplist.run("list", "--json", "--db", path).stdout.contains("\"Milk\""))
  }

  @Test func anEmptyDatabaseVariableFallsBackToTheDataHome() throws {
    let shoplist = try InProcess()
    let data = shoplist.folder.appendingPathComponent("xdg").path

    try shoplist.ok("add", "Milk", environment: ["SHOPLIST_DB": "", "XDG_DATA_HOME": data])

    #expect(exists(data + "/shoplist/shoplist.sqlite"))
    #expect(!exists(shoplist.database.path))
  }

  @Test func withoutEitherTheDatabaseIsUnderHome() throws {
    let shoplist = try InProcess()

    try shoplist.ok("add", "Milk", environment: ["SHOPLIST_DB": ""])

    #expect(exists(shoplist.folder.path + "/.local/share/shoplist/shoplist.sqlite"))
  }

  @Test func withNowhereToKeepTheDatabaseIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("list", environment: ["SHOPLIST_DB": "", "HOME": ""])

    #expect(result.status == 64)
    #expect(
      result.stderr
        == "shoplist: cannot find the database: set --db, SHOPLIST_DB, XDG_DATA_HOME or HOME\n"
    )
  }

  @Test(arguments: [["--db", ""], ["--db="]])
  func anEmptyDatabasePathIsExit64(option: [String]) throws {
    let shoplist = try InProcess()

    let result = shoplist.run(arguments: ["add", "Milk"] + option)

    #expect(result.status == 64, "\(result)")
    #expect(result.stderr == "shoplist: --db needs a path, not an empty one\n")
    #expect(!exists(shoplist.database.path))
  }

  @Test(arguments: ["--list", "-l"])
  func listPicksTheTargetList(option: String) throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Nails", option, "hardware")

    #expect(result.stdout == "added Nails to hardware\n")
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func theListVariablePicksTheTargetList() throws {
    let shoplist = try InProcess()

    try shoplist.ok("add", "Nails", environment: ["SHOPLIST_LIST": "hardware"])

    #expect(try shoplist.names(list: "hardware") == ["Nails"])
    #expect(try shoplist.names().isEmpty)
  }

  @Test func listTakesPrecedenceOverTheListVariable() throws {
    let shoplist = try InProcess()

    try shoplist.ok("add", "Chips", "-l", "Party", environment: ["SHOPLIST_LIST": "hardware"])

    #expect(try shoplist.names(list: "Party") == ["Chips"])
    #expect(!(try shoplist.listNames().contains("hardware")))
  }

  @Test func anEmptyListVariableCountsAsUnset() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", environment: ["SHOPLIST_LIST": ""])

    #expect(result.stdout == "added Milk to shopping\n")
  }

  @Test func globalOptionsMayComeBeforeTheCommand() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("--list", "Party", "--json", "add", "Chips")

    #expect(
      result.stdout
        == InProcess.listJSON("Party", [InProcess.itemJSON(id: 2, position: 1, name: "Chips")])
    )
  }

  @Test(arguments: ["-1", "86401", "soon"])
  func aWaitOutOfRangeIsExit64(wait: String) throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "--wait", wait)

    #expect(result.status == 64, "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
    #expect(!exists(shoplist.database.path))
  }

  @Test func aWaitInRangeIsAccepted() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "--wait", "0.5")

    #expect(result.status == 0, "\(result)")
  }

  @Test func anUnknownCommandIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("frobnicate")

    #expect(result.status == 64)
    #expect(result.stderr == "shoplist: unknown command \"frobnicate\" (see shoplist --help)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aWordLikeAShortFlagClusterIsAnUnknownOptionNotHelp() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "-fresh")

    #expect(result.status == 64)
    #expect(
      result.stderr
        == "shoplist: unknown option \"-fresh\"; "
        + "to give a name that starts with -, write -- before it\n"
    )
    #expect(result.stdout.isEmpty)
    #expect(!exists(shoplist.database.path))
  }

  @Test func anUnknownLongOptionIsExit64WithTheDoubleDashHint() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "--bogus")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains("write -- before it"), "\(result)")
  }

  @Test func afterDoubleDashAnOptionIsAName() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "--", "--json", "-h")

    #expect(result.stdout == "added --json to shopping\nadded -h to shopping\n")
  }

  @Test(arguments: [["help"], ["--help"], ["-h"]])
  func helpPrintsTheCommandsOnStdout(arguments: [String]) throws {
    let shoplist = try InProcess()

    let result = shoplist.run(arguments: arguments)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("USAGE: shoplist <subcommand>"))
    #expect(result.stdout.contains("  import  "))
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [["help", "add"], ["add", "--help"]])
  func helpForACommandShowsItsOptionsAndExamples(arguments: [String]) throws {
    let shoplist = try InProcess()

    let result = shoplist.run(arguments: arguments)

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("shoplist add milk eggs"))
    #expect(result.stdout.contains("--quantity <q>"))
    #expect(!exists(shoplist.database.path))
  }

  @Test func helpForAnUnknownCommandIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("help", "nosuch")

    #expect(result.status == 64)
    #expect(result.stderr == "shoplist: unknown command \"nosuch\" (see shoplist --help)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func versionPrintsTheVersion() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("--version")

    #expect(result.status == 0)
    #expect(result.stdout == "shoplist \(Shoplist.version)\n")
  }

  @Test func traceWritesActionsDiffsEffectsAndTimingsOnStderr() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("toggle", "milk", "--trace")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "checked Milk\n")
    #expect(result.stderr.contains("action:\n  ShoppingAction.list("))
    #expect(result.stderr.contains("-           isChecked: false,\n"))
    #expect(result.stderr.contains("+           isChecked: true,\n"))
    #expect(result.stderr.contains("effects (1):\n  PersistenceEffect.updateProduct("))
    #expect(result.stderr.contains("reduced in "))
    #expect(result.stderr.contains("executed 1 effect(s) in "))
  }

  @Test func withoutTraceStderrStaysEmpty() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("toggle", "milk")

    #expect(result.stderr.isEmpty)
  }
}

/// `serve` runs until it is stopped, awaited without holding a thread: a synchronous caller
/// in this process is told so rather than blocked; the program runs it (the server tests).
@Suite struct RunningCommandTests {
  @Test func serveFromASynchronousCallerIsRefusedAndChangesNothing() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("serve", "--port", "0")

    #expect(result.status == 69)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains("serve runs until it is stopped"), "\(result)")
    #expect(shoplist.run("list", "--json").stdout.contains("\"Milk\""))
  }

  @Test func theAsyncEntryRunsOtherCommandsAsTheSynchronousOneDoes() async throws {
    let shoplist = try InProcess()
    let context = CommandContext(
      environment: EnvironmentVariables(shoplist.environment), shopping: .live,
      io: CommandIO(
        standardOutput: { _ in }, standardError: { _ in }, stdoutIsTerminal: false,
        stderrIsTerminal: false, terminalColumns: nil))
    let added = await Shoplist.run(arguments: ["add", "Bread"], context: context)
    let refused = await Shoplist.run(arguments: ["add"], context: context)
    #expect(added == 0)
    #expect(refused == 64)
    #expect(shoplist.run("list", "--json").stdout.contains("\"Bread\""))
  }
}
