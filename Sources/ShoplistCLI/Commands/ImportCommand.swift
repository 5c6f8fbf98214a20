import ArgumentParser
import ShoppingCore
import ShoppingService
import ShoppingTransfer

struct ImportCommand: ShoplistCommand {
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

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"))
  var file: String

  @Option(help: "The file's format; auto goes by its extension, then by its content.")
  var format: ImportFormat = .auto

  @Option(help: "merge keeps items the file does not name; replace removes them from its lists.")
  var mode: ImportMode = .merge

  @Flag(help: "Report what would change, and write nothing.")
  var dryRun = false

  @Flag(help: "Import the valid rows and report the invalid ones, instead of failing.")
  var skipInvalid = false

  func run(in context: CommandContext) throws {
    try context.refuseMistypedTargetList()
    let targetList = try context.resolvedTargetListName()
    let input = try ImportInput.opening(file)
    defer { input.close() }
    let importer = Importer(
      file: input.name, options: ImportOptions(targetList: targetList, mode: mode),
      skipInvalid: skipInvalid
    )
    let outcome: Importer.Outcome
    do {
      outcome = try run(importer, from: input, context: context)
    } catch let error as ImportError {
      if case .unreadable = error.reason {
        throw TransferError(.unreadableInput, error.description)
      }
      throw CommandError.data("\(error.description); nothing imported")
    } catch let invalid as Importer.InvalidRows {
      report(invalid.issues, context)
      throw CommandError.data(
        "nothing imported: \(Describe.count(invalid.issues.count, "invalid row")) in "
          + "\(DisplayText.escaped(input.name)) (--skip-invalid imports the valid ones)"
      )
    }
    if !outcome.issues.isEmpty {
      report(outcome.issues, context)
      context.warn("skipped \(Describe.count(outcome.issues.count, "invalid row"))")
    }
    if dryRun, context.io.stderrIsTerminal, !global.quiet {
      // Said where a person reads it; scripts and cron get the contract's summary line alone.
      context.warn("dry run: nothing was written")
    }
    let summary = outcome.summary
    if global.json {
      // Said on stderr: the JSON summary's shape is fixed.
      summary.withheld.forEach { context.warn(Self.withheldLine($0)) }
    }
    if global.quiet { return }
    if global.json {
      try context.write(ListDocuments.importSummary(summary, dryRun: dryRun))
      return
    }
    var lines = [
      (dryRun ? "would import " : "imported ") + input.name
        + ": \(summary.added) added, \(summary.updated) updated, "
        + "\(summary.unchanged) unchanged, \(summary.removed) removed"
    ]
    if dryRun {
      lines += summary.removedItems.map { "would remove \($0.name) from \($0.list)" }
      let more = summary.removed - summary.removedItems.count
      if more > 0 { lines.append("… and \(more) more") }
    }
    lines += summary.withheld.map(Self.withheldLine)
    try context.say(lines.joined(separator: "\n"))
  }

  private static func withheldLine(_ withheld: ImportSummary.WithheldRemoval) -> String {
    "removal withheld for \(withheld.list): "
      + "\(Describe.count(withheld.unreadableRows, "row")) unreadable"
  }

  /// Runs the import with a progress bar when stderr is a terminal; the bar is gone when this
  /// returns, so that messages start on a clean line.
  private func run(
    _ importer: Importer, from input: ImportInput, context: CommandContext
  ) throws -> Importer.Outcome {
    var bar =
      context.io.stderrIsTerminal && !global.quiet
      ? ProgressBar(label: input.name, total: input.size, write: context.io.standardError) : nil
    defer { bar?.finish() }
    var reader = try format.reader(for: input)
    let service =
      try dryRun
      ? context.announcingMigration(
        ShoppingService.forDryRun(
          path: context.databasePath(), busyTimeout: context.busyTimeout,
          environment: context.shopping, trace: context.trace))
      : context.openService()
    return try service.importRows(
      from: &reader, with: importer, dryRun: dryRun, label: context.label
    ) {
      bytes, rows in bar?.update(bytes: bytes, rows: rows)
    }
  }

  private func report(_ issues: ImportIssues, _ context: CommandContext) {
    issues.messages.forEach { context.warn($0) }
  }
}

extension ImportFormat: ExpressibleByArgument {}
extension ImportMode: ExpressibleByArgument {}
