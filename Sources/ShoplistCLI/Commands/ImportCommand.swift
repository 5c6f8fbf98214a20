import ArgumentParser
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingTransfer

struct ImportCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import items from a CSV, JSON, NDJSON or text file, all or nothing.",
    discussion: """
      Each row goes to its list column, else to the target list (created if missing). A row \
      matches an item by id, else by name, and updates it; otherwise it is added. Importing \
      the same file again changes nothing. Any invalid row fails the whole import (exit 65) \
      unless --skip-invalid is given.

      CSV needs a header row with a name column; quantity, unit, category, note, checked, \
      list and id are optional. Other apps' column names are understood too (item, product, \
      qty, amount, aisle, notes, done, status, list name, …); columns that give nothing are \
      named in the summary. A quantity cell may hold a unit: 2\u{A0}l, 500g, 1,5\u{A0}kg. JSON is \
      what `shoplist export` writes, or an array of item objects; NDJSON has one item object \
      per line; text has one item per line, as a quantity phrase (2\u{A0}l\u{A0}milk, \
      eggs\u{A0}x12), bullets and [\u{A0}] or [x] boxes allowed (-\u{A0}[x]\u{A0}bread); a line \
      starting with \\ is a name as it is. Other apps' headings (##\u{A0}Dairy, Dairy:, or a \
      bare line among bullets) give the items under them their category; on a line without a \
      box, Bananas\u{A0}(6) and Bagels\u{A0}-\u{A0}1\u{A0}pack give quantities, **Milk** is Milk \
      and ~~Milk~~ a checked item.

      The text is UTF-8, or UTF-16 with a byte-order mark; a file that is not UTF-8 is read as \
      Windows-1252 when it decodes as that, and the summary says so. --encoding says which.

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

  @Option(
    help: ArgumentHelp(
      "The file's text encoding; auto reads UTF-8, UTF-16 with a byte-order mark, else "
        + "Windows-1252.", valueName: "encoding"))
  var encoding: ImportEncoding = .auto

  @Flag(help: "Report what would change, and write nothing.")
  var dryRun = false

  @Flag(help: "Import the valid rows and report the invalid ones, instead of failing.")
  var skipInvalid = false

  /// What `import` reads: the options as plain values.
  struct Values: QuickValues {
    var settings = CommandSettings()
    var file = ""
    var format = ImportFormat.auto
    var mode = ImportMode.merge
    var encoding = ImportEncoding.auto
    var dryRun = false
    var skipInvalid = false
  }

  var values: Values {
    Values(
      settings: global.settings, file: file, format: format, mode: mode, encoding: encoding,
      dryRun: dryRun, skipInvalid: skipInvalid)
  }

  static var grammar: QuickGrammar<Values> {
    var grammar = QuickGrammar<Values>()
    grammar.flags["--dry-run"] = { $0.dryRun = true }
    grammar.flags["--skip-invalid"] = { $0.skipInvalid = true }
    grammar.options["--format"] = { values, text in
      guard let format = ImportFormat(argument: text) else { return false }
      values.format = format
      return true
    }
    grammar.options["--mode"] = { values, text in
      guard let mode = ImportMode(argument: text) else { return false }
      values.mode = mode
      return true
    }
    grammar.options["--encoding"] = { values, text in
      guard let encoding = ImportEncoding(argument: text) else { return false }
      values.encoding = encoding
      return true
    }
    grammar.positionals = { values, arguments in
      guard arguments.count == 1 else { return false }
      values.file = arguments[0]
      return true
    }
    grammar.requiresPositionals = true
    return grammar
  }

  static func run(_ values: Values, in context: CommandContext) throws {
    try context.refuseMistypedTargetList()
    let targetList = try context.resolvedTargetListName()
    let input = try ImportInput.opening(values.file)
    defer { input.close() }
    let importer = Importer(
      file: input.name, options: ImportOptions(targetList: targetList, mode: values.mode),
      skipInvalid: values.skipInvalid
    )
    let outcome: Importer.Outcome
    do {
      outcome = try run(importer, from: input, values: values, context: context)
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
    let dryRun = values.dryRun
    let global = values.settings
    if dryRun, context.io.stderrIsTerminal, !global.quiet {
      // Said where a person reads it; scripts and cron get the contract's summary line alone.
      context.warn("dry run: nothing was written")
    }
    let summary = outcome.summary
    if global.json {
      // Said on stderr: the JSON summary's shape is fixed.
      summary.withheld.forEach { context.warn(Self.withheldLine($0)) }
      if let readAs = outcome.notes.readAs, !global.quiet {
        context.warn("\(DisplayText.escaped(input.name)) was read as \(readAs.rawValue)")
      }
    }
    if global.quiet { return }
    if global.json {
      try context.write(
        ListDocuments.importSummary(summary, dryRun: dryRun, notes: outcome.notes))
      return
    }
    var lines = [
      (dryRun ? "would import " : "imported ") + input.name
        + ": \(summary.added) added, \(summary.updated) updated, "
        + "\(summary.unchanged) unchanged, \(summary.removed) removed"
        + Self.noted(outcome.notes)
    ]
    if dryRun {
      lines += summary.removedItems.map { "would remove \($0.name) from \($0.list)" }
      let more = summary.removed - summary.removedItems.count
      if more > 0 { lines.append("… and \(more) more") }
    }
    lines += summary.withheld.map(Self.withheldLine)
    try context.say(lines.joined(separator: "\n"))
  }

  /// What the summary line ends with: how the text was read when that was a guess, what of
  /// a text file was read as headings, and the columns no field was read from (the first 20,
  /// then how many more).
  static func noted(_ notes: ImportNotes) -> String {
    var noted = ""
    if let readAs = notes.readAs { noted += " (read as \(readAs.rawValue))" }
    var headings: [String] = []
    if notes.headings > 0 {
      headings.append(
        notes.headings == 1
          ? "read 1 heading as a category" : "read \(notes.headings) headings as categories")
    }
    if let title = notes.title { headings.append("skipped title \(DisplayText.quoted(title))") }
    if !headings.isEmpty { noted += " (" + headings.joined(separator: ", ") + ")" }
    let columns = notes.ignoredColumns
    if !columns.isEmpty {
      let shown = columns.prefix(20).map(DisplayText.escaped).joined(separator: ", ")
      let more = columns.count > 20 ? " and \(columns.count - 20) more" : ""
      noted += " (ignored columns: \(shown)\(more))"
    }
    return noted
  }

  private static func withheldLine(_ withheld: ImportSummary.WithheldRemoval) -> String {
    "removal withheld for \(withheld.list): "
      + "\(Describe.count(withheld.unreadableRows, "row")) unreadable"
  }

  /// Runs the import with a progress bar when stderr is a terminal; the bar is gone when this
  /// returns, so that messages start on a clean line.
  private static func run(
    _ importer: Importer, from input: ImportInput, values: Values, context: CommandContext
  ) throws -> Importer.Outcome {
    var bar =
      context.io.stderrIsTerminal && !values.settings.quiet
      ? ProgressBar(label: input.name, total: input.size, write: context.io.standardError) : nil
    defer { bar?.finish() }
    var reader = try values.format.reader(for: input, encoding: values.encoding)
    let dryRun = values.dryRun
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

  private static func report(_ issues: ImportIssues, _ context: CommandContext) {
    issues.messages.forEach { context.warn($0) }
  }
}

extension ImportFormat: ExpressibleByArgument {}

extension ImportEncoding: ExpressibleByArgument {
  /// Any common spelling of an encoding's name (`UTF8`, `cp1252`, `iso-8859-1`).
  public init?(argument: String) {
    self.init(name: argument)
  }
}
extension ImportMode: ExpressibleByArgument {}
