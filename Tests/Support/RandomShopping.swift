import Foundation
import IdentifiedCollections
import ShoppingCore

/// Random shopping work for the property tests of the core and of storage's recording: lists
/// of awkward names, and actions on them that name items which exist.
extension SplitMix64 {
  /// A list of `count` products with distinct hostile names, added at `addedAt`.
  public mutating func shoppingList(count: Int, id: UUID, addedAt: Date) throws -> ShoppingList {
    var products: IdentifiedArrayOf<Product> = []
    var keys: Set<NameKey> = []
    var n: UInt64 = 0
    while products.count < count {
      n += 1
      guard let name = try? Naming.name(hostileString()),
        keys.insert(Naming.key(name)).inserted
      else { continue }
      products.append(Product(id: UUID(counting: 10_000 + n), name: name, addedAt: addedAt))
    }
    return ShoppingList(id: id, name: "shopping", createdAt: addedAt, products: products)
  }

  /// An action on `state`: on its lists, its settings, or one list's items.
  public mutating func appAction(in state: ShoppingState) -> ShoppingAction {
    let list = state.lists[Int(next() % UInt64(state.lists.count))]
    let shops = state.shops?.all ?? []
    let shop = shops.isEmpty ? nil : shops[Int(next() % UInt64(shops.count))]
    switch next() % 19 {
    case 0: return .createList(named: hostileString())
    case 1: return .renameList(list.id, to: hostileString())
    case 2 where state.lists.count > 1: return .deleteList(list.id, force: true)
    case 3: return .makeDefault(list.id)
    case 4:
      let named = next() % 3 == 0 ? nil : shop?.name ?? hostileString()
      return .setAisles((0..<next() % 4).map { _ in hostileString() }, shop: named)
    case 5:
      return .setAisles([hostileString()], shop: hostileString())
    case 6 where shop != nil:
      return next() % 2 == 0 ? .renameShop(shop!.id, to: hostileString()) : .deleteShop(shop!.id)
    case 7 where shop != nil:
      return next() % 3 == 0 ? .makeDefaultShop(shop!.id) : .setListShop(list.id, shop!.id)
    case 8: return .setListShop(list.id, nil)
    case 9: return .moveList(list.id, toPosition: Int(next() % 5) + 1)
    default: return .list(list.id, listAction(on: list))
    }
  }

  /// An action on `list`'s items.
  public mutating func listAction(on list: ShoppingList) -> ShoppingListAction {
    // Actions name items that exist: one for an item that is gone is a reported no-op, tested
    // on its own elsewhere.
    guard !list.products.isEmpty else { return .add(name: hostileString(), .none) }
    let someID = list.products[Int(next() % UInt64(list.products.count))].id
    switch next() % 9 {
    case 0: return .add(name: hostileString(), .none)
    case 1: return .rename(someID, to: hostileString())
    case 2: return .remove([someID])
    case 3: return .product(someID, .toggled)
    case 4: return .move(someID, toPosition: Int(next() % 15))
    case 5: return .sort(by: ProductOrder.allCases[Int(next() % 4)])
    case 6: return .clearChecked
    case 7: return .resetChecks
    default:
      let existing = list.products[Int(next() % UInt64(list.products.count))].name
      return .add(name: existing.uppercased(), .none)
    }
  }
}
