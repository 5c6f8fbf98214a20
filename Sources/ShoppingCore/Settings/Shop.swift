import Foundation
import IdentifiedCollections

/// A shop the household buys in, with the order in which its aisles meet the categories.
///
/// ```swift
/// let lidl = Shop(id: UUID(), name: "Lidl", aisles: try ShopOrder(["Produce", "Dairy"]))
/// lidl.aisles.rank(of: "dairy")  // 1
/// ```
public struct Shop: Identifiable, Equatable, Sendable {
  /// Stable identity, kept across renames.
  public let id: UUID
  /// The shop's name as the user last wrote it.
  public internal(set) var name: String
  /// The order in which categories are met in this shop.
  public internal(set) var aisles: ShopOrder

  /// The name a database made before shops gives the shop holding its one order.
  public static let upgradedShopName = "default"

  /// Creates a shop.
  public init(id: UUID, name: String, aisles: ShopOrder = .none) {
    self.id = id
    self.name = name
    self.aisles = aisles
  }
}

/// Every shop, which one is the default, and each list's usual shop: what storage holds of
/// shops, loaded together (a handful of rows) when a change or a sort needs them.
///
/// While any shop exists one of them is the default: the first shop made becomes it, and
/// deleting it passes the mark to the first shop left.
public struct Shops: Equatable, Sendable {
  /// The shops, in the order they were made.
  public internal(set) var all: IdentifiedArrayOf<Shop>
  /// The default shop, used by a list with no shop of its own.
  public internal(set) var defaultID: Shop.ID?
  /// Each list's usual shop, for lists that have one.
  public internal(set) var ofList: [ShoppingList.ID: Shop.ID]

  /// Shops as storage holds them.
  public init(
    _ all: [Shop] = [], defaultID: Shop.ID? = nil, ofList: [ShoppingList.ID: Shop.ID] = [:]
  ) {
    self.all = IdentifiedArray(uniqueElements: all, id: \.id)
    self.defaultID = defaultID
    self.ofList = ofList
  }

  /// The default shop, if there is a shop.
  public var defaultShop: Shop? { defaultID.flatMap { all[id: $0] } }

  /// The shop with this name under normalised comparison, if any.
  public func shop(named name: String) -> Shop? {
    let key = NameKey(lookingUp: name)
    return all.first { Naming.key($0.name) == key }
  }

  /// The shop a list is sorted by: `named` when given, else the list's own shop, else the
  /// default shop; `nil` when there is none.
  ///
  /// - Throws: ``ShoppingError/noSuchShop(_:nearest:)`` when `named` names no shop.
  public func shop(named name: String?, forList listID: ShoppingList.ID?) throws(ShoppingError)
    -> Shop?
  {
    if let name { return try existing(named: name) }
    if let listID, let own = ofList[listID], let shop = all[id: own] { return shop }
    return defaultShop
  }

  /// The shop named `name`.
  ///
  /// - Throws: ``ShoppingError/noSuchShop(_:nearest:)``, with the nearest name when one is
  ///   close.
  public func existing(named name: String) throws(ShoppingError) -> Shop {
    if let shop = shop(named: name) { return shop }
    throw .noSuchShop(name, nearest: Suggestion.nearest(to: name, among: all.map(\.name)))
  }
}
