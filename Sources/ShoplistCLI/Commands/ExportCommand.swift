import ArgumentParser
import ShoppingService
import ShoppingTransfer

struct ExportCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the list, or every list, in a form import reads back.",
    discussion: """
      json writes the document import reads ({"format": "shoplist/1", "lists": [...]}), csv a \
      header row and one row per item with its list, id and timestamps, ndjson one item \
      object per line, text one item per line as its box and quantity phrase ([ ] 2 l milk, \
      [x] bread). Importing an export into an empty database recreates the same lists (json, \
      csv and ndjson with their ids; text with names, quantities, phrase units and checks).

      json with --all-lists is a backup of everything: it also marks the default list and \
      each list's shop, and holds the shops with their aisle orders ("shops": [...]), which \
      import restores.

      With --output the file is written under a temporary name and renamed into place when \
      complete, so it is never seen half written.

      Examples:
        shoplist export > shopping.json
        shoplist export --all-lists --output backup.json
        shoplist export --format csv --all-lists --output lists.csv
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

  func run(in context: CommandContext) throws {
    let destination = output == "-" ? nil : output
    let format = format ?? destination.flatMap(ExportWriter.Format.byExtension) ?? .json
    let selection: ShoppingService.ExportSelection =
      allLists ? .all : .list(try context.targetListName())
    let service = try context.openService(access: .read)
    guard let destination else {
      // --quiet silences messages, never the data asked for.
      try service.export(selection, format: format) { try context.write($0) }
      return
    }
    let counts = try service.export(selection, format: format, toFile: destination)
    if !global.json {
      try context.say(
        "exported \(Describe.count(counts.items, "item")) from "
          + "\(Describe.count(counts.lists, "list")) to \(destination)"
      )
    }
  }
}

extension ExportWriter.Format: ExpressibleByArgument {}
