import Foundation

/// The persistence work an action asks for, as a value: what must be written so that storage
/// matches the new state. Reducers return these; a repository executes them; tests compare them.
///
/// Effects name rows by id and, but for an undo's ``restoreProduct(_:listID:position:)`` and
/// ``restoreList(id:name:createdAt:position:)``, never carry storage details (positions are
/// implied by order), so the same effects can be executed by any storage.
public enum PersistenceEffect: Equatable, Sendable {
  /// Delete a list and, with it, all its products.
  case deleteList(ShoppingList.ID)
  /// Delete these products.
  case deleteProducts([Product.ID])
  /// Create an empty list.
  case insertList(id: ShoppingList.ID, name: String, createdAt: Date)
  /// Add a product after the last product of a list.
  case insertProduct(Product, listID: ShoppingList.ID)
  /// Put a deleted list back, empty, exactly where it was among the lists: under the sort key
  /// storage gave it (see ``StoredList/position``). Only undoing a change asks for this.
  case restoreList(id: ShoppingList.ID, name: String, createdAt: Date, position: Int64)
  /// Give a list a new name.
  case renameList(ShoppingList.ID, to: String)
  /// Put these lists in this order among themselves, in the places they hold (lists not
  /// named keep theirs).
  case reorderLists([ShoppingList.ID])
  /// Put the products of a list in this order; `order` names every product of the list.
  case reorderProducts(listID: ShoppingList.ID, order: [Product.ID])
  /// Put a removed product back exactly where it was: under the sort key storage gave it
  /// (see ``StoredProduct/position``). Only undoing a change asks for this: reducers never do.
  case restoreProduct(Product, listID: ShoppingList.ID, position: Int64)
  /// Make this list the default one, or, with `nil`, none (the list named
  /// ``ShoppingState/fallbackDefaultListName`` is then the default).
  case setDefaultList(ShoppingList.ID?)
  /// Store the default shop's order: these categories, first met first, making a shop named
  /// ``Shop/upgradedShopName`` the default when there is no shop. Only records written before
  /// shops ask for this (see ``setAisles(_:_:)``).
  case setShopOrder([String])
  /// Create a shop with no aisle order after the last shop.
  case insertShop(id: Shop.ID, name: String)
  /// Put a deleted shop back, with its order, under the sort key storage gave it (see
  /// ``StoredShop/position``). Only undoing a change asks for this.
  case restoreShop(id: Shop.ID, name: String, aisles: [String], position: Int64)
  /// Delete a shop (lists naming it are given no shop first, by ``setListShop(_:_:)``).
  case deleteShop(Shop.ID)
  /// Give a shop a new name.
  case renameShop(Shop.ID, to: String)
  /// Store a shop's order: these categories, first met first.
  case setAisles(Shop.ID, [String])
  /// Make this shop the default one, or, with `nil`, none (when the last shop goes).
  case setDefaultShop(Shop.ID?)
  /// Name a list's usual shop, or, with `nil`, none (the default shop is then its shop).
  case setListShop(ShoppingList.ID, Shop.ID?)
  /// Overwrite a product's fields with these values.
  case updateProduct(Product)
}
