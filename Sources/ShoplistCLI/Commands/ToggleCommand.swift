import ArgumentParser
import ShoppingCore

struct ToggleCommand: MarkingCommand {
  static let configuration = CommandConfiguration(
    commandName: "toggle",
    abstract: "Flip items between checked and unchecked.",
    discussion: "Example:\n  shoplist toggle milk 3"
  )

  static let action = ProductAction.toggled

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "Items by number, name or unique name prefix.",
    completion: .custom(Completions.itemNames))
  var references: [String]
}
