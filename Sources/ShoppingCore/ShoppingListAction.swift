/// What the user asked of one list.
public enum ShoppingListAction: Equatable, Sendable {
  /// Add an item, or, if an item of that name is already on the list, uncheck it and apply the
  /// given fields (the name's spelling included) instead of adding a duplicate.
  case add(name: String, ProductChanges)
  /// Remove every checked item.
  case clearChecked
  /// Move an item to a 1-based position; positions past the end mean the end.
  case move(Product.ID, toPosition: Int)
  /// Something for one product of the list.
  case product(Product.ID, ProductAction)
  /// Remove these items.
  case remove([Product.ID])
  /// Rename an item; a name another item has is refused.
  case rename(Product.ID, to: String)
  /// Uncheck every item.
  case resetChecks
  /// Reorder the list for good.
  case sort(by: ProductOrder)
  /// Reorder the list for good in shop order: by each item's category's place in `order`
  /// (see ``ShopOrder/Place``), items of one place keeping their current order.
  case sortByAisle(ShopOrder)
}
