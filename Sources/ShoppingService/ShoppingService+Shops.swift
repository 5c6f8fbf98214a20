import Composable
import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Shops

extension ShoppingService {
  /// Every shop with its order, the default one, and each list's shop.
  public func shops() throws -> Shops {
    try storage.read { try $0.shops() }
  }

  /// Every shop, read from a task (a server's request).
  public func shops() async throws -> Shops {
    try await storage.read { try $0.shops() }
  }

  /// The shop a list is sorted and shown by: `shop` when named, else the list's own shop,
  /// else the default shop; `nil` when there is no shop.
  ///
  /// - Parameters:
  ///   - shop: The shop named by the user, if any.
  ///   - list: The list, if one is meant (`nil`: the default shop, unless `shop` is named).
  /// - Throws: `ShoppingCore/ShoppingError/noSuchShop(_:nearest:)` for an unknown `shop`.
  public func shop(named shop: String?, forList list: String? = nil) throws -> Shop? {
    try storage.read { repository in
      let shops = try repository.shops()
      let listID = try list.flatMap { name in
        try repository.loadState(loadingListsNamed: []).list(named: name)?.id
      }
      return try shops.shop(named: shop, forList: listID)
    }
  }

  /// Stores the order in which categories are met in the shop named `shop` (made when there
  /// is none, unless its name is a typo of another's), or in the default shop; an empty array
  /// forgets it.
  ///
  /// - Returns: The shop, and whether it changed (`nil` shop: there was none to forget).
  /// - Throws: `ShoppingCore/ShoppingError` for an invalid or repeated category, an invalid
  ///   shop name or one mistyped.
  @discardableResult
  public func setAisles(
    _ categories: [String], shop: String?, label: String? = nil, by member: String? = nil
  ) throws -> (shop: Shop?, changed: Bool) {
    let label = label ?? Self.aislesLabel(categories, shop: shop)
    return try journaledWrite(label, by: member, settingAisles(categories, shop: shop)).pair
  }

  /// ``setAisles(_:shop:label:by:)`` from a task (a server's request).
  ///
  /// - Returns: The shop, whether it changed, and the number of the history entry.
  public func setAisles(
    _ categories: [String], shop: String, label: String, by member: String?
  ) async throws -> (shop: Shop?, entry: Int?) {
    let (set, entry) = try await journaledWriteNumbered(
      labelling: { _ in label }, by: member, settingAisles(categories, shop: shop))
    return (set.shop, entry)
  }

  /// Makes `name` the shop used by lists without a shop of their own.
  ///
  /// - Returns: The shop, and whether it already was the default.
  @discardableResult
  public func makeDefaultShop(named name: String, label: String? = nil) throws -> (
    shop: Shop, wasDefault: Bool
  ) {
    try journaledWrite(label ?? "shops default \(name)") { repository in
      let (store, shop) = try Self.shopStore(repository, stores, named: name)
      let effects = try store.send(.makeDefaultShop(shop.id))
      return (shop, effects.isEmpty)
    }
  }

  /// Renames a shop.
  ///
  /// - Returns: The shop's name before, and the shop after.
  @discardableResult
  public func renameShop(
    named old: String, to new: String, label: String? = nil
  ) throws -> (oldName: String, shop: Shop) {
    try journaledWrite(label ?? "shops rename \(old) \(new)") { repository in
      let (store, shop) = try Self.shopStore(repository, stores, named: old)
      try store.send(.renameShop(shop.id, to: new))
      guard let renamed = store.state.shops?.all[id: shop.id] else {
        throw ShoppingError.noSuchShop(old, nearest: nil)
      }
      return (shop.name, renamed)
    }
  }

  /// Deletes a shop: lists naming it fall back to the default shop.
  ///
  /// - Returns: The deleted shop, and the shop that became the default in its place when it
  ///   was the default.
  @discardableResult
  public func deleteShop(named name: String, label: String? = nil) throws -> (
    deleted: Shop, newDefault: Shop?
  ) {
    try journaledWrite(label ?? "shops delete \(name)", deletingShop(name)).pair
  }

  /// ``deleteShop(named:label:)`` from a task (a server's request), on behalf of `member`.
  ///
  /// - Returns: The deleted shop, and the number of the history entry.
  public func deleteShop(
    named name: String, label: String, by member: String?
  ) async throws -> (deleted: Shop, entry: Int?) {
    let (deleted, entry) = try await journaledWriteNumbered(
      labelling: { _ in label }, by: member, deletingShop(name))
    return (deleted.deleted, entry)
  }

  /// Names the usual shop of the list `list`; `nil` or `""` gives it none (it is then sorted
  /// by the default shop).
  ///
  /// - Returns: The list's name, its shop after, and whether it changed.
  @discardableResult
  public func setShop(
    _ shop: String?, ofList list: String, label: String? = nil
  ) throws -> (list: String, shop: Shop?, changed: Bool) {
    let shop = shop.flatMap { $0.isEmpty ? nil : $0 }
    return try journaledWrite(label ?? "lists shop \(list) \(shop ?? "\"\"")") { repository in
      let (store, found) = try stores.makeStore(repository, holdingList: list, loaded: false)
      let shops = try repository.shops()
      try store.send(.shopsLoaded(shops))
      let target = try shop.map { name throws(ShoppingError) in try shops.existing(named: name) }
      let effects = try store.send(.setListShop(found.id, target?.id))
      return (found.name, target, !effects.isEmpty)
    }
  }

  /// The list's name, and the usual shop it names, if it names one.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)`.
  public func shop(ofList list: String) throws -> (list: String, shop: Shop?) {
    try storage.read { repository in
      guard let found = try repository.loadState(loadingListsNamed: []).list(named: list) else {
        throw ShoppingError.noSuchList(list)
      }
      let shops = try repository.shops()
      return (found.name, shops.ofList[found.id].flatMap { shops.all[id: $0] })
    }
  }

  static func aislesLabel(_ categories: [String], shop: String?) -> String {
    (["aisles"] + (shop.map { ["--shop", $0] } ?? []) + categories).joined(separator: " ")
  }

  struct ShopChange: Sendable {
    var shop: Shop?
    var changed: Bool
    var pair: (shop: Shop?, changed: Bool) { (shop, changed) }
  }

  struct ShopDeletion: Sendable {
    var deleted: Shop
    var newDefault: Shop?
    var pair: (deleted: Shop, newDefault: Shop?) { (deleted, newDefault) }
  }

  private func settingAisles(
    _ categories: [String], shop: String?
  ) -> @Sendable (any StorageTransaction) throws -> ShopChange {
    let stores = stores
    return { repository in
      let store = try stores.makeStore(repository, loadingListsNamed: [])
      try store.send(.shopsLoaded(repository.shops()))
      let effects = try store.send(.setAisles(categories, shop: shop))
      let shops = store.state.shops
      let target = shop.map { shops?.shop(named: $0) } ?? shops?.defaultShop
      return ShopChange(shop: target, changed: !effects.isEmpty)
    }
  }

  private func deletingShop(
    _ name: String
  ) -> @Sendable (any StorageTransaction) throws -> ShopDeletion {
    let stores = stores
    return { repository in
      let (store, shop) = try Self.shopStore(repository, stores, named: name)
      let wasDefault = store.state.shops?.defaultID == shop.id
      try store.send(.deleteShop(shop.id))
      return ShopDeletion(
        deleted: shop, newDefault: wasDefault ? store.state.shops?.defaultShop : nil)
    }
  }

  /// A store holding every list's header and the shops, and the shop named `name`.
  private static func shopStore(
    _ repository: any StorageTransaction, _ stores: StoreFactory, named name: String
  ) throws -> (store: Store<ShoppingState, ShoppingAction, PersistenceEffect>, shop: Shop) {
    let store = try stores.makeStore(repository, loadingListsNamed: [])
    let shops = try repository.shops()
    try store.send(.shopsLoaded(shops))
    return (store, try shops.existing(named: name))
  }
}
