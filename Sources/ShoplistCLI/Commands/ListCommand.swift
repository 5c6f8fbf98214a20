import ArgumentParser
import ShoppingCore

struct ListCommand: InvocationCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show the list.",
    discussion: """
      Item numbers can be used wherever an item is expected.

      Examples:
        shoplist list
        shoplist ls --unchecked --category dairy
        shoplist list --json
      """,
    aliases: ["ls"]
  )

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Only checked items.")
  var checked = false
  @Flag(help: "Only unchecked items.")
  var unchecked = false
  @Option(help: ArgumentHelp("Only items of this category.", valueName: "c"))
  var category: String?

  func validate() throws {
    if checked, unchecked {
      throw ValidationError("--checked and --unchecked cannot be used together")
    }
  }

  var invocation: Invocation {
    Invocation(
      settings: global.settings,
      request: .list(ListFilter(checked: checked, unchecked: unchecked, category: category))
    )
  }
}
