import ShoppingCore
import ShoppingStorage

/// An intent refused because an item it names is no longer as its author last saw it (see
/// ``ItemPrecondition``). Nothing was changed.
public struct PreconditionFailure: Error, Equatable, Sendable {
  /// What the intent required.
  public var precondition: ItemPrecondition
  /// The item as it is now.
  public var item: Product
  /// Its 1-based position in its list now.
  public var position: Int
  /// The list's name.
  public var list: String
  /// The newest history entry that changed the item, when the recent history has one: who
  /// changed it (its `by`, or where its label says it came from).
  public var changedBy: HistoryEntry?

  /// Creates a failure.
  public init(
    precondition: ItemPrecondition, item: Product, position: Int, list: String,
    changedBy: HistoryEntry? = nil
  ) {
    self.precondition = precondition
    self.item = item
    self.position = position
    self.list = list
    self.changedBy = changedBy
  }
}

extension PreconditionFailure: CustomStringConvertible {
  /// `item "Bread" in list "shopping" changed since 2026-11-21T10:00:00Z (now
  /// 2026-11-21T10:00:05Z); left as it is`.
  public var description: String {
    let name = DisplayText.quoted(item.name)
    let list = DisplayText.quoted(self.list)
    switch precondition {
    case .absent:
      return "an item named \(name) is already in list \(list); left as it is"
    case let .unchangedSince(date):
      return
        "item \(name) in list \(list) changed since \(Timestamp.preciseString(from: date)) "
        + "(now \(Timestamp.preciseString(from: item.updatedAt))); left as it is"
    }
  }
}
