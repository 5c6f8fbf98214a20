import ArgumentParser
import ShoppingCore

struct RemoveCommand: InvocationCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Delete items from the list.",
    discussion: "Example:\n  shoplist rm milk 3",
    aliases: ["rm"]
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Items by number, name or unique name prefix.")
  var references: [String]

  var invocation: Invocation {
    Invocation(settings: global.settings, request: .remove(references: references))
  }
}

struct ClearCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear",
    abstract: "Remove every checked item (the basket after shopping).",
    discussion: "Example:\n  shoplist clear"
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(needs: .everything()) { session in
      let count = try session.list.checkedCount
      try session.send(.clearChecked)
      return "cleared \(count) checked item\(count == 1 ? "" : "s") from \(try session.list.name)"
    }
  }
}

struct ResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Uncheck every item (reuse the list next week).",
    discussion: "Example:\n  shoplist reset"
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(needs: .everything()) { session in
      let count = try session.list.checkedCount
      try session.send(.resetChecks)
      return "unchecked \(count) item\(count == 1 ? "" : "s") in \(try session.list.name)"
    }
  }
}

struct MoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move an item to a position (1 is the top; past the end means the end).",
    discussion: "Example:\n  shoplist move bread 1"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The item by number, name or unique name prefix.")
  var reference: String
  @Argument(help: "The 1-based position to move it to.")
  var position: Int

  func validate() throws {
    guard position >= 1 else {
      throw ValidationError("position must be 1 or more, not \(position)")
    }
  }

  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(needs: .everything(references: [reference])) { session in
      let id = try session.onlyResolved()
      try session.send(.move(id, toPosition: position))
      let list = try session.list
      let name = list.products[id: id]?.name ?? reference
      return "moved \(name) to position \((list.products.index(id: id) ?? 0) + 1)"
    }
  }
}

extension ProductOrder: ExpressibleByArgument {}

struct SortCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort",
    abstract: "Reorder the list for good.",
    discussion: "Example:\n  shoplist sort --by category"
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: "name, category, checked or added.")
  var by: ProductOrder

  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(needs: .everything()) { session in
      try session.send(.sort(by: by))
      return "sorted \(try session.list.name) by \(by.rawValue)"
    }
  }
}
