import ArgumentParser
import ShoppingCore
import ShoppingSQLite

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the list, or every list, in a form import reads back.",
    discussion: """
      json writes the document import reads ({"format": "shoplist/1", "lists": [...]}), csv a \
      header row and one row per item with its list, id and timestamps, ndjson one item \
      object per line, text one name per line ([x] before a checked one). Importing an \
      export into an empty database recreates the same lists, ids included.

      With --output the file is written under a temporary name and renamed into place when \
      complete, so it is never seen half written.

      Examples:
        shoplist export > shopping.json
        shoplist export --format csv --all-lists --output backup.csv
      """
  )

  @OptionGroup var global: GlobalOptions

  @Option(help: "json, csv, ndjson or text; without it, FILE's extension decides, else json.")
  var format: ExportWriter.Format?

  @Flag(help: "Export every list, not only the target list.")
  var allLists = false

  @Option(
    help: ArgumentHelp(
      "Write to this file (replaced only once complete) instead of standard output; - is "
        + "standard output.", valueName: "file")
  )
  var output: String?

  func run() throws {
    let context = CommandContext.live(global)
    let destination = output == "-" ? nil : output
    let format = format ?? destination.flatMap(ExportWriter.Format.byExtension) ?? .json
    let file = try destination.map { path throws in
      try OutputFile(path: path, protecting: try context.databasePath())
    }
    // --quiet silences messages, never the data asked for.
    var writer = ExportWriter(format: format, commentsLists: allLists) { text in
      if let file {
        try file.write(text)
      } else {
        try Output.standardOutput(text)
      }
    }
    var counts = (lists: 0, items: 0)
    do {
      try writer.begin()
      if allLists {
        let database = try context.openDatabase(access: .read)
        try database.read { repository in
          for summary in try repository.listSummaries() {
            // One list in memory at a time.
            for list in try repository.loadLists(named: [summary.name]) {
              try writer.write(list)
              counts.lists += 1
              counts.items += list.products.count
            }
          }
        }
      } else {
        let list = try context.readTargetList()
        try writer.write(list)
        counts = (1, list.products.count)
      }
      try writer.end()
      try file?.commit()
    } catch {
      file?.discard()
      throw error
    }
    if let destination, !global.quiet, !global.json {
      try Output.standardOutput(
        "exported \(counts.items) item\(counts.items == 1 ? "" : "s") from \(counts.lists) "
          + "list\(counts.lists == 1 ? "" : "s") to \(DisplayText.escaped(destination))\n"
      )
    }
  }
}

extension ExportWriter.Format: ExpressibleByArgument {}
