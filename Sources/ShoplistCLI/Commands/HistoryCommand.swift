import ArgumentParser
import ShoppingCore
import ShoppingTransfer

struct HistoryCommand: QuickParsable {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Show the changes made to the lists, newest first.",
    discussion: """
      Every command that changes something, the web page and embedding programs record an \
      entry; `shoplist undo` takes one back. The history keeps the newest 1,000 entries.

      Examples:
        shoplist history
        shoplist history --limit 5 --json
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("How many entries to show.", valueName: "n"))
  var limit = defaultLimit

  /// How many entries `history` shows unless told.
  static let defaultLimit = 20

  func validate() throws {
    guard values.isValid else {
      throw ValidationError("--limit takes a number from 1, not \(limit)")
    }
  }

  /// What `history` reads: the options as plain values.
  struct Values: QuickValues {
    var settings = CommandSettings()
    var limit = HistoryCommand.defaultLimit

    var isValid: Bool { limit >= 1 }
  }

  var values: Values { Values(settings: global.settings, limit: limit) }

  static var grammar: QuickGrammar<Values> {
    var grammar = QuickGrammar<Values>()
    grammar.options["--limit"] = { values, text in
      guard let limit = Int(text) else { return false }
      values.limit = limit
      return true
    }
    return grammar
  }

  static func run(_ values: Values, in context: CommandContext) throws {
    let entries = try context.openService(access: .read).history(limit: values.limit)
    try context.report(text: Self.lines(entries), json: ListDocuments.history(entries))
  }

  static func lines(_ entries: [HistoryEntry]) -> String {
    guard !entries.isEmpty else { return "no history yet" }
    let numbers = entries.map { "#\($0.id)" }
    let width = numbers.map(\.count).max() ?? 0
    return zip(entries, numbers).map { entry, number in
      var line = number + String(repeating: " ", count: width - number.count)
      line += "  \(Describe.localTime(entry.at))  \(entry.command)"
      if !entry.summary.isEmpty { line += "  (\(entry.summary))" }
      if let undo = entry.undoneBy { line += "  [undone by #\(undo)]" }
      return line
    }.joined(separator: "\n")
  }
}
