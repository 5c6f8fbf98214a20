import Composable
import Foundation
import IdentifiedCollections

/// The logic of one list: adding, renaming, removing and ordering its items, with
/// ``ProductReducer`` composed in for actions addressed to one product.
public struct ShoppingListReducer: Reducer, Sendable {
  let environment: ShoppingEnvironment

  /// Creates the reducer.
  public init(environment: ShoppingEnvironment) {
    self.environment = environment
  }

  var body: some Reducer<ShoppingList, ShoppingListAction, PersistenceEffect> {
    Reduce { [environment] list, action in
      try Self.reduceList(&list, action: action, environment: environment)
    }
    // A function rather than the key path: see `forEach(in:action:element:)`.
    .forEach(
      in: { list, body in try body(&list.products) },
      action: { action in
        if case let .product(id, action) = action { (id, action) } else { nil }
      }
    ) {
      ProductReducer(environment: environment)
    }
  }

  public func reduce(into list: inout ShoppingList, action: ShoppingListAction) throws
    -> [PersistenceEffect]
  {
    try Self.requireLoaded(list, for: action)
    return try body.reduce(into: &list, action: action)
  }

  /// Refuses an action the loaded part of the list cannot decide: adding or renaming needs to
  /// know whether the name is taken, reordering and bulk changes need every item.
  private static func requireLoaded(
    _ list: ShoppingList, for action: ShoppingListAction
  ) throws(ShoppingError) {
    let sufficient: Bool
    switch action {
    case let .add(name, _), let .rename(_, name):
      sufficient = list.knows(key: Naming.key(try Naming.name(name)))
    case .product, .remove:
      sufficient = list.loading != .none
    case .clearChecked, .move, .resetChecks, .sort, .sortByAisle:
      sufficient = list.isLoaded
    }
    guard sufficient else { throw .listNotLoaded(list.name) }
  }

  private static func reduceList(
    _ list: inout ShoppingList, action: ShoppingListAction, environment: ShoppingEnvironment
  ) throws(ShoppingError) -> [PersistenceEffect] {
    switch action {
    case let .add(rawName, changes):
      return list.add(named: try Naming.name(rawName), changes: changes, environment: environment)

    case .clearChecked:
      let removed = list.removeProducts { $0.isChecked }
      return removed.isEmpty ? [] : [.deleteProducts(removed)]

    case let .move(id, position):
      guard position >= 1 else { throw .invalidPosition(position) }
      guard let from = list.products.index(id: id) else { return [] }
      let to = min(position, list.products.count) - 1
      guard from != to else { return [] }
      let product = list.products.remove(at: from)
      list.products.insert(product, at: to)
      return [.reorderProducts(listID: list.id, order: list.products.ids.elements)]

    case .product:
      return []

    case let .remove(ids):
      let doomed = Set(ids)
      let removed = list.removeProducts { doomed.contains($0.id) }
      return removed.isEmpty ? [] : [.deleteProducts(removed)]

    case let .rename(id, rawName):
      let name = try Naming.name(rawName)
      guard let index = list.products.index(id: id) else { return [] }
      if let other = list.productID(forKey: Naming.key(name)), other != id {
        throw .itemNameTaken(list.products[id: other]?.name ?? name, list: list.name)
      }
      guard list.products[index].name != name else { return [] }
      list.setName(name, ofProductAt: index)
      list.products[index].markChanged(at: environment.now())
      return [.updateProduct(list.products[index])]

    case .resetChecks:
      let now = environment.now()
      var effects: [PersistenceEffect] = []
      for index in list.products.indices where list.products[index].isChecked {
        list.products[index].isChecked = false
        list.products[index].markChanged(at: now)
        effects.append(.updateProduct(list.products[index]))
      }
      return effects

    case let .sort(order):
      let before = list.products.ids
      list.sort(by: order)
      guard list.products.ids != before else { return [] }
      return [.reorderProducts(listID: list.id, order: list.products.ids.elements)]

    case let .sortByAisle(order):
      let before = list.products.ids
      list.sort(inShopOrder: order)
      guard list.products.ids != before else { return [] }
      return [.reorderProducts(listID: list.id, order: list.products.ids.elements)]
    }
  }
}

extension ShoppingList {
  /// Adds an item, or merges into the item of the same name: unchecks it and applies the
  /// changes, keeping the name as the user wrote it this time.
  mutating func add(
    named name: String, changes: ProductChanges, environment: ShoppingEnvironment
  ) -> [PersistenceEffect] {
    let now = environment.now()
    if let id = productID(forKey: Naming.key(name)), let index = products.index(id: id) {
      var merged = products[index]
      merged.apply(changes)
      merged.isChecked = false
      merged.name = name
      guard merged != products[index] else { return [] }
      merged.markChanged(at: now)
      if merged.name != products[index].name {
        setName(name, ofProductAt: index)
      }
      products[index] = merged
      return [.updateProduct(merged)]
    }
    var product = Product(id: environment.uuid(), name: name, addedAt: now)
    product.apply(changes)
    product.isChecked = false
    append(product)
    return [.insertProduct(product, listID: id)]
  }

  mutating func sort(by order: ProductOrder) {
    // Sorting (key, original offset) pairs makes every order stable, whatever the algorithm.
    let sorted: [Product]
    switch order {
    case .added:
      sorted = stableSorted { $0.addedAt < $1.addedAt }
    case .category:
      let keys = Dictionary(
        uniqueKeysWithValues: products.map { ($0.id, $0.category.map(NaturalOrder.Key.init)) }
      )
      sorted = stableSorted { lhs, rhs in
        switch (keys[lhs.id] ?? nil, keys[rhs.id] ?? nil) {
        case let (left?, right?): left < right
        case (.some, nil): true
        default: false
        }
      }
    case .checked:
      sorted = stableSorted { !$0.isChecked && $1.isChecked }
    case .name:
      let keys = Dictionary(
        uniqueKeysWithValues: products.map { ($0.id, NaturalOrder.Key($0.name)) }
      )
      sorted = stableSorted { lhs, rhs in
        guard let left = keys[lhs.id], let right = keys[rhs.id] else { return false }
        return left < right
      }
    }
    products = IdentifiedArray(uniqueElements: sorted, id: Product.idPath)
  }

  mutating func sort(inShopOrder order: ShopOrder) {
    let places = Dictionary(
      uniqueKeysWithValues: products.map { ($0.id, ShopOrder.Place($0.category, in: order)) }
    )
    let sorted = stableSorted { lhs, rhs in
      guard let left = places[lhs.id], let right = places[rhs.id] else { return false }
      return left < right
    }
    products = IdentifiedArray(uniqueElements: sorted, id: Product.idPath)
  }

  private func stableSorted(by areInIncreasingOrder: (Product, Product) -> Bool) -> [Product] {
    products.enumerated()
      .sorted { lhs, rhs in
        if areInIncreasingOrder(lhs.element, rhs.element) { return true }
        if areInIncreasingOrder(rhs.element, lhs.element) { return false }
        return lhs.offset < rhs.offset
      }
      .map(\.element)
  }
}
