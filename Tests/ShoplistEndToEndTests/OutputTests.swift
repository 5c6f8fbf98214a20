import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct OutputTests {
  @Test func theJSONDocumentHasTheContractsShape() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.ok(
      "add", "Milk", "--quantity", "1.25", "--unit", "l", "--category", "dairy", "--json"
    )
    let document = try result.json()
    #expect(document["list"] as? String == "shopping")
    let item = try #require((document["items"] as? [[String: Any]])?.first)
    #expect(
      Set(item.keys) == [
        "id", "position", "name", "checked", "quantity", "unit", "category", "note", "addedAt",
        "updatedAt",
      ])
    #expect(item["position"] as? Int == 1)
    #expect(item["checked"] as? Bool == false)
    #expect(item["note"] is NSNull)
    #expect(UUID(uuidString: item["id"] as? String ?? "") != nil)
    let timestamp = try #require(item["addedAt"] as? String)
    #expect(timestamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
    // The quantity is an exact JSON number, not 1.2499999.
    #expect(result.stdout.contains(#""quantity": 1.25,"#))
  }

  @Test func everyMutatingCommandPrintsTheListWithJSON() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Eggs")
    for arguments in [
      ["toggle", "milk"], ["check", "eggs"], ["uncheck", "eggs"],
      ["rename", "eggs", "Free-range eggs"], ["edit", "milk", "--note", "oat"],
      ["move", "milk", "2"], ["sort", "--by", "name"], ["reset"], ["clear"],
      ["remove", "milk"],
    ] {
      let result = try shoplist.run(arguments: arguments + ["--json"])
      #expect(result.status == 0, "\(arguments)")
      #expect((try? result.json())?["list"] as? String == "shopping", "\(arguments): \(result)")
    }
  }

  @Test func globalOptionsWorkBeforeTheCommand() throws {
    let shoplist = try Shoplist()
    let db = shoplist.folder.appendingPathComponent("other.sqlite").path
    try shoplist.ok("--db", db, "-l", "hardware", "add", "Nails")
    #expect(
      try shoplist.run("--json", "--db=\(db)", "list", "--list", "hardware").itemNames() == [
        "Nails"
      ])
  }

  @Test func colourOnlyOnATerminalAndNeverWhenAskedNot() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    try shoplist.ok("check", "milk")
    // stdout is a pipe here: no escape codes, whatever the settings.
    #expect(!(try shoplist.ok("list").stdout.contains("\u{1B}[")))
    let script = "TERM=xterm \(Shoplist.binary.path) list"
    let onTerminal = try shoplist.runInTerminal(script)
    #expect(
      onTerminal.contains("\u{1B}[2;9m"), "checked items are dimmed and struck: \(onTerminal)")
    #expect(!(try shoplist.runInTerminal(script + " --no-color").contains("\u{1B}[")))
    #expect(!(try shoplist.runInTerminal("NO_COLOR=1 " + script).contains("\u{1B}[")))
  }

  @Test func traceShowsActionDiffEffectsAndTimings() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let result = try shoplist.ok("toggle", "milk", "--trace")
    #expect(result.stdout == "checked Milk\n")
    #expect(result.stderr.contains("action:\n  ShoppingAction.list("))
    #expect(result.stderr.contains("isChecked: false"))
    #expect(result.stderr.contains("isChecked: true"))
    #expect(result.stderr.contains("effects (1):\n  PersistenceEffect.updateProduct("))
    #expect(result.stderr.contains("reduced in "))
    #expect(result.stderr.contains("executed 1 effect(s) in "))
  }

  @Test func helpHasAnExampleForEveryCommand() throws {
    let shoplist = try Shoplist()
    let root = try shoplist.ok("--help").stdout
    for command in [
      "add", "toggle", "check", "uncheck", "rename", "edit", "remove", "list",
      "clear", "reset", "move", "sort", "lists",
    ] {
      #expect(
        root.contains("\n  \(command) ") || root.contains("\n  \(command),"),
        "\(command) is missing from --help"
      )
    }
    for command in [
      ["add"], ["toggle"], ["check"], ["uncheck"], ["rename"], ["edit"], ["rm"],
      ["ls"], ["clear"], ["reset"], ["move"], ["sort"], ["lists", "create"],
      ["lists", "rename"], ["lists", "delete"], ["lists", "show"],
    ] {
      let help = try shoplist.ok(arguments: command + ["--help"]).stdout
      #expect(help.contains("shoplist "), "\(command)")
      #expect(help.contains("Example"), "\(command) has no example")
    }
  }

  @Test func versionAndCompletionScripts() throws {
    let shoplist = try Shoplist()
    #expect(try shoplist.ok("--version").stdout.hasPrefix("shoplist "))
    for shell in ["bash", "zsh", "fish"] {
      let script = try shoplist.ok("--generate-completion-script", shell).stdout
      #expect(script.contains("shoplist"), "\(shell)")
      #expect(script.contains("toggle"), "\(shell)")
    }
  }
}

extension Shoplist {
  @discardableResult
  func ok(arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
    let result = try run(arguments: arguments)
    #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  /// Runs a shell command line with stdout on a pseudo-terminal and returns what it printed.
  func runInTerminal(_ commandLine: String) throws -> String {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let env = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    process.arguments = ["-qec", "env -i \(env) \(commandLine)", "/dev/null"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    process.standardInput = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
