import Foundation

// `IdentifiedArray`'s initialisers for `Identifiable` elements (and its array literals) make
// the key path `\.id` inside their generic code, where the Swift run time cannot keep it: a new
// key path at every call, several thousand instructions each, several times in every write
// the server answers. Products and lists are collected with these, made once, instead.

extension Product {
  /// `\.id`, made once: for `IdentifiedArray(uniqueElements:id:)` and its kin.
  public static let idPath: KeyPath<Product, UUID> & Sendable = \.id
}

extension ShoppingList {
  /// `\.id`, made once: for `IdentifiedArray(uniqueElements:id:)` and its kin.
  public static let idPath: KeyPath<ShoppingList, UUID> & Sendable = \.id
}
