import Foundation

/// The persistence work an action asks for, as a value: what must be written so that storage
/// matches the new state. Reducers return these; a repository executes them; tests compare them.
///
/// Effects name rows by id and never carry storage details (positions are implied by order), so
/// the same effects can be executed by any storage.
public enum PersistenceEffect: Equatable, Sendable {
  /// Delete a list and, with it, all its products.
  case deleteList(ShoppingList.ID)
  /// Delete these products.
  case deleteProducts([Product.ID])
  /// Create an empty list.
  case insertList(id: ShoppingList.ID, name: String, createdAt: Date)
  /// Add a product after the last product of a list.
  case insertProduct(Product, listID: ShoppingList.ID)
  /// Give a list a new name.
  case renameList(ShoppingList.ID, to: String)
  /// Put the products of a list in this order; `order` names every product of the list.
  case reorderProducts(listID: ShoppingList.ID, order: [Product.ID])
  /// Overwrite a product's fields with these values.
  case updateProduct(Product)
}
