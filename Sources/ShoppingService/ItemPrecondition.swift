import Foundation
import ShoppingCore

/// What an intent requires of the items it names, as its author last saw them: a change made
/// offline and sent later applies only to what its author saw, never over someone else's work.
///
/// ``ShoppingService`` checks it inside the intent's write transaction, after resolving the
/// items; when it does not hold, nothing changes and the call throws
/// ``PreconditionFailure`` with the item as it is now.
///
/// ```swift
/// // Remove Bread only if nobody changed it since the page showed it.
/// try service.perform(
///   ListIntent.remove([.id(bread.id)]).only(if: .unchangedSince(bread.updatedAt)),
///   onList: "shopping")
/// // Add Yogurt only if nobody added it meanwhile.
/// try service.perform(
///   ListIntent.add(names: ["Yogurt"], changes: .none).only(if: .absent), onList: "shopping")
/// ```
public enum ItemPrecondition: Equatable, Sendable {
  /// No item of the name is on the list: an add made without having seen one.
  case absent
  /// The item is still as it was at this `updatedAt` (compared to the microsecond, the
  /// precision `updatedAt` is stored and shown at; every change moves it by at least a
  /// microsecond). An item that is gone fails it with
  /// `ShoppingCore/ShoppingError/noSuchItem(_:list:nearest:)`.
  case unchangedSince(Date)

  /// Whether `item`, which exists, is as the precondition requires.
  func holds(for item: Product) -> Bool {
    switch self {
    case .absent: false
    case let .unchangedSince(date):
      Timestamp.microseconds(of: item.updatedAt) == Timestamp.microseconds(of: date)
    }
  }
}

extension ListIntent {
  /// This intent, applied only if every item it names satisfies `precondition` (for an add,
  /// the items of the names given; intents that name no item, such as `clearChecked`, have
  /// nothing to check).
  public func only(if precondition: ItemPrecondition) -> ListIntent {
    .conditional(self, precondition)
  }
}
