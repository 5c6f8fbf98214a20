import ArgumentParser
import ShoppingCore
import ShoppingSQLite

struct ListsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists",
    abstract: "Show and manage lists.",
    subcommands: [
      ListsShowCommand.self, ListsCreateCommand.self, ListsRenameCommand.self,
      ListsDeleteCommand.self,
    ],
    defaultSubcommand: ListsShowCommand.self
  )
}

struct ListsShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show every list with its item and checked counts.",
    discussion: "Example:\n  shoplist lists"
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    let context = CommandContext.live(global)
    let database = try context.openDatabase(access: .read)
    var summaries = try database.read { try $0.listSummaries() }
    if !database.isReadOnly,
      !summaries.contains(where: {
        Naming.key($0.name) == Naming.key(CommandContext.defaultListName)
      })
    {
      try context.ensureDefaultList(in: database)
      summaries = try database.read { try $0.listSummaries() }
    }
    let rows = summaries.map { (name: $0.name, items: $0.items, checked: $0.checked) }
    if global.quiet { return }
    if global.json {
      try Output.standardOutput(JSONWriter.listsDocument(rows))
    } else {
      let names = rows.map { DisplayText.escaped($0.name) }
      let width = names.map(\.count).max() ?? 0
      let lines = zip(rows, names).map { row, name in
        name + String(repeating: " ", count: width - name.count)
          + "  \(row.items) item\(row.items == 1 ? "" : "s"), \(row.checked) checked"
      }
      try Output.standardOutput(lines.joined(separator: "\n") + "\n")
    }
  }
}

struct ListsCreateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create",
    abstract: "Create an empty list.",
    discussion: "Example:\n  shoplist lists create \"Weekend BBQ\""
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The new list's name.")
  var name: String

  func run() throws {
    let context = CommandContext.live(global)
    let database = try context.openDatabase()
    let list = try database.write { repository in
      let store = try context.makeStore(repository, loadingListsNamed: [])
      try store.send(.createList(named: name))
      guard let list = store.state.list(named: try Naming.name(name)) else {
        throw ShoppingError.noSuchList(name)
      }
      return list
    }
    try context.report(text: "created list \(list.name)", json: JSONWriter.listDocument(list))
  }
}

struct ListsRenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a list.",
    discussion: "Example:\n  shoplist lists rename shopping groceries"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The list's current name.")
  var old: String
  @Argument(help: "Its new name.")
  var new: String

  func run() throws {
    let context = CommandContext.live(global)
    let database = try context.openDatabase()
    let (list, oldName) = try database.write { repository in
      let store = try context.makeStore(repository, loadingListsNamed: [old])
      guard let list = store.state.list(named: old) else { throw ShoppingError.noSuchList(old) }
      try store.send(.renameList(list.id, to: new))
      guard let renamed = store.state.lists[id: list.id] else {
        throw ShoppingError.noSuchList(old)
      }
      return (renamed, list.name)
    }
    try context.report(
      text: "renamed list \(oldName) to \(list.name)", json: JSONWriter.listDocument(list)
    )
  }
}

struct ListsDeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a list; one that still has items needs --force.",
    discussion: "Example:\n  shoplist lists delete \"Weekend BBQ\" --force"
  )

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Delete the list even if it has items.")
  var force = false
  @Argument(help: "The list's name.")
  var name: String

  func run() throws {
    let context = CommandContext.live(global)
    let database = try context.openDatabase()
    let (deleted, remaining) = try database.write { repository in
      let store = try context.makeStore(repository, loadingListsNamed: [name])
      guard let list = store.state.list(named: name) else { throw ShoppingError.noSuchList(name) }
      try store.send(.deleteList(list.id, force: force))
      return (list, try repository.listSummaries())
    }
    if global.quiet { return }
    if global.json {
      try Output.standardOutput(
        JSONWriter.listsDocument(remaining.map { ($0.name, $0.items, $0.checked) })
      )
    } else {
      let count = deleted.products.count
      try Output.lines(
        "deleted list \(deleted.name)"
          + (count > 0 ? " and its \(count) item\(count == 1 ? "" : "s")" : "") + "\n"
      )
    }
  }
}
