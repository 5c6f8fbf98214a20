import ArgumentParser
import Foundation
import ShoppingCore
import ShoppingSQLite

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import items from a CSV, JSON, NDJSON or text file, all or nothing.",
    discussion: """
      Each row goes to its list column, else to the target list (created if missing). A row \
      matches an item by id, else by name, and updates it; otherwise it is added. Importing \
      the same file again changes nothing. Any invalid row fails the whole import (exit 65) \
      unless --skip-invalid is given.

      CSV needs a header row with a name column; quantity, unit, category, note, checked, \
      list and id are optional. JSON is what `shoplist export` writes, or an array of item \
      objects; NDJSON has one item object per line; text has one name per line.

      Examples:
        shoplist import week.csv
        shoplist import /srv/mealplan/week.csv --quiet --mode replace
        generate-list | shoplist import - --format ndjson --dry-run
      """
  )

  /// How the import treats what the file does not name.
  enum Mode: String, CaseIterable, ExpressibleByArgument {
    case merge
    case replace

    var importMode: ImportMode {
      switch self {
      case .merge: .merge
      case .replace: .replace
      }
    }
  }

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"))
  var file: String

  @Option(help: "The file's format; auto goes by its extension, then by its content.")
  var format: ImportFormat = .auto

  @Option(help: "merge keeps items the file does not name; replace removes them from its lists.")
  var mode: Mode = .merge

  @Flag(help: "Report what would change, and write nothing.")
  var dryRun = false

  @Flag(help: "Import the valid rows and report the invalid ones, instead of failing.")
  var skipInvalid = false

  func run() throws {
    let context = CommandContext.live(global)
    let targetList = try context.targetListName()
    let input = try ImportInput.opening(file)
    defer { input.close() }
    let importer = Importer(
      context: context, file: input.name,
      options: ImportOptions(targetList: targetList, mode: mode.importMode),
      dryRun: dryRun, skipInvalid: skipInvalid
    )
    let outcome: Importer.Outcome
    do {
      outcome = try run(importer, from: input, context: context)
    } catch let error as ImportError {
      if case .unreadable = error.reason { throw CommandError.unreadableInput(error.description) }
      throw CommandError.data("\(error.description); nothing imported")
    } catch let invalid as Importer.InvalidRows {
      report(invalid.issues)
      let count = invalid.issues.count
      throw CommandError.data(
        "nothing imported: \(count) invalid row\(count == 1 ? "" : "s") in \(input.name) "
          + "(--skip-invalid imports the valid ones)"
      )
    }
    if !outcome.issues.isEmpty {
      report(outcome.issues)
      let count = outcome.issues.count
      Output.standardError("shoplist: skipped \(count) invalid row\(count == 1 ? "" : "s")\n")
    }
    if dryRun, context.terminal.stderrIsTerminal, !global.quiet {
      // Said where a person reads it; scripts and cron get the contract's summary line alone.
      Output.standardError("shoplist: dry run: nothing was written\n")
    }
    let summary = outcome.summary
    for withheld in summary.withheld where global.json {
      // Said on stderr: the JSON summary's shape is fixed.
      Output.standardError("shoplist: \(Self.withheldLine(withheld))\n")
    }
    if global.quiet { return }
    if global.json {
      try Output.standardOutput(
        #"{"added": \#(summary.added), "updated": \#(summary.updated), "#
          + #""unchanged": \#(summary.unchanged), "removed": \#(summary.removed), "#
          + #""invalid": \#(summary.invalid), "dryRun": \#(dryRun)}"# + "\n"
      )
      return
    }
    var lines = [
      (dryRun ? "would import " : "imported ") + DisplayText.escaped(input.name)
        + ": \(summary.added) added, \(summary.updated) updated, "
        + "\(summary.unchanged) unchanged, \(summary.removed) removed"
    ]
    if dryRun {
      lines += summary.removedItems.map {
        "would remove \(DisplayText.escaped($0.name)) from \(DisplayText.escaped($0.list))"
      }
      let more = summary.removed - summary.removedItems.count
      if more > 0 { lines.append("… and \(more) more") }
    }
    lines += summary.withheld.map(Self.withheldLine)
    try Output.standardOutput(lines.joined(separator: "\n") + "\n")
  }

  private static func withheldLine(_ withheld: ImportSummary.WithheldRemoval) -> String {
    let rows = withheld.unreadableRows
    return "removal withheld for \(DisplayText.escaped(withheld.list)): \(rows) "
      + "row\(rows == 1 ? "" : "s") unreadable"
  }

  /// Runs the import with a progress bar when stderr is a terminal; the bar is gone when this
  /// returns, so that messages start on a clean line.
  private func run(
    _ importer: Importer, from input: ImportInput, context: CommandContext
  ) throws -> Importer.Outcome {
    var bar =
      context.terminal.stderrIsTerminal && !global.quiet
      ? ProgressBar(label: input.name, total: input.size) : nil
    defer { bar?.finish() }
    var reader = try format.makeReader(input.bytes(), path: input.path)
    let database = try dryRun ? dryRunDatabase(context) : context.openDatabase()
    return try importer.run(&reader, into: database) { bytes, rows in
      bar?.update(bytes: bytes, rows: rows)
    }
  }

  /// What a dry run imports into: the database itself, whose transaction is rolled back,
  /// unless that would write anything, or cannot: a copy in memory of a database this user
  /// may not write, and an empty one in memory when there is no database file yet.
  private func dryRunDatabase(_ context: CommandContext) throws -> ShoppingDatabase {
    let path = try context.databasePath()
    guard FileManager.default.fileExists(atPath: path) else { return try .inMemory() }
    let database = try context.openDatabase(access: .read)
    return database.isReadOnly ? try .inMemory(copying: database) : database
  }

  private func report(_ issues: ImportIssues) {
    Output.standardError(issues.messages.map { "shoplist: \($0)\n" }.joined())
  }
}
