import ArgumentParser
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

struct DbCheckCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the database file for damage.",
    discussion: """
      Runs SQLite's integrity check over every page and prints `ok`, or each problem found \
      on a line of its own (then exits 74). The file is only read: a missing one is not \
      created, an older one not upgraded.

      Examples:
        shoplist db check
        shoplist db check --db backup.sqlite --json
      """
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let path = try context.databasePath()
    let problems = try ShoppingService.integrityProblems(
      ofStorageAt: path, busyTimeout: context.busyTimeout)
    if problems.isEmpty {
      try context.report(text: "ok", json: Self.document(problems))
      return
    }
    // The problems are what was asked for, `--quiet` or not; the failure itself goes to stderr.
    if context.settings.json {
      try context.write(Self.document(problems))
    } else {
      try context.write(problems.map { DisplayText.escaped($0) + "\n" }.joined())
    }
    throw DatabaseError(
      reason: .corrupt, path: path,
      message: "the integrity check found \(Describe.count(problems.count, "problem"))"
        + (context.settings.json ? "" : " (listed on stdout)")
    )
  }

  /// `{"ok": false, "problems": ["…"]}`.
  static func document(_ problems: [String]) -> String {
    JSONValue.object([
      "ok": .bool(problems.isEmpty), "problems": .array(problems.map { .string($0) }),
    ]).document
  }
}
