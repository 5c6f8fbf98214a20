import ArgumentParser
import ShoppingCore

struct UncheckCommand: MarkingCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck",
    abstract: "Mark items as not in the basket.",
    discussion: "Example:\n  shoplist uncheck 2"
  )

  static let action = ProductAction.unchecked

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "Items by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var references: [String]
}
