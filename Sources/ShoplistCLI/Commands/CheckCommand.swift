import ArgumentParser
import ShoppingCore

struct CheckCommand: MarkingCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Mark items as in the basket.",
    discussion: "Example:\n  shoplist check milk eggs"
  )

  static let action = ProductAction.checked

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "Items by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var references: [String]
}
