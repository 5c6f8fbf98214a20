import ArgumentParser
import ShoppingService

struct MoveCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move an item to a position (1 is the top; past the end means the end).",
    discussion: "Example:\n  shoplist move bread 1"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "The item by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var reference: String
  @Argument(help: "The 1-based position to move it to.")
  var position: Int

  func validate() throws {
    guard position >= 1 else {
      throw ValidationError("position must be 1 or more, not \(position)")
    }
  }

  func run(in context: CommandContext) throws {
    try context.change(.move(.typed(reference), toPosition: position)) { outcome in
      guard let product = outcome.items.first?.after else { return "moved \(reference)" }
      let position = (outcome.list.products.index(id: product.id) ?? 0) + 1
      return "moved \(product.name) to position \(position)"
    }
  }
}
