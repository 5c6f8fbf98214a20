import ArgumentParser
import ShoppingCore

/// `toggle`, `check` and `uncheck` share their shape: resolve every reference, then send one
/// product action per item.
protocol CheckingCommand: ParsableCommand {
  var global: GlobalOptions { get }
  var references: [String] { get }
  var action: ProductAction { get }
}

extension CheckingCommand {
  func run() throws {
    let context = CommandContext.live(global)
    try context.mutateTargetList(needs: .items(references: references)) { session in
      var lines: [String] = []
      for id in session.resolved {
        let effects = try session.send(.product(id, action))
        guard let product = try session.list.products[id: id] else { continue }
        let state = product.isChecked ? "checked" : "unchecked"
        lines.append(effects.isEmpty ? "\(product.name) is already \(state)" : "\(state) \(product.name)")
      }
      return lines.joined(separator: "\n")
    }
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
