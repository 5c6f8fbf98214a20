import ShoppingService
import ShoppingTransfer

extension CommandContext {
  /// Runs `intent` on the target list and prints the outcome: nothing with `--quiet`, the
  /// list document with `--json`, else the confirmation `confirm` makes of it.
  func change(
    _ intent: ListIntent, creatingIfMissing: Bool = false,
    confirm: (ListOutcome) throws -> String
  ) throws {
    let name = try targetListName()
    let outcome = try openService().perform(
      intent, onList: name, creatingIfMissing: creatingIfMissing,
      returningCompleteList: settings.json && !settings.quiet, label: label
    )
    try report(text: try confirm(outcome), json: ListDocuments.list(outcome.list))
  }
}
