import ArgumentParser
import ShoppingCore

/// `toggle`, `check` and `uncheck` share their shape: resolve every reference, then send one
/// product action per item.
protocol CheckingCommand: InvocationCommand {
  var global: GlobalOptions { get }
  var references: [String] { get }
  var action: ProductAction { get }
}

extension CheckingCommand {
  var invocation: Invocation {
    Invocation(settings: global.settings, request: .mark(action, references: references))
  }
}

/// A command that is a thin declaration over an ``Invocation``: parsing it builds the
/// invocation, running it runs the invocation.
protocol InvocationCommand: ParsableCommand {
  var invocation: Invocation { get }
}

extension InvocationCommand {
  func run() throws {
    try invocation.run()
  }
}

struct ToggleCommand: CheckingCommand {
  static let configuration = CommandConfiguration(
    commandName: "toggle",
    abstract: "Flip items between checked and unchecked.",
    discussion: "Example:\n  shoplist toggle milk 3"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Items by number, name or unique name prefix.")
  var references: [String]

  var action: ProductAction { .toggled }
}

struct CheckCommand: CheckingCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Mark items as in the basket.",
    discussion: "Example:\n  shoplist check milk eggs"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Items by number, name or unique name prefix.")
  var references: [String]

  var action: ProductAction { .checked }
}

struct UncheckCommand: CheckingCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck",
    abstract: "Mark items as not in the basket.",
    discussion: "Example:\n  shoplist uncheck 2"
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Items by number, name or unique name prefix.")
  var references: [String]

  var action: ProductAction { .unchecked }
}
