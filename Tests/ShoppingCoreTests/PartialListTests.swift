import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

/// A single-item command loads only the items it names; the reducers act on that part and
/// refuse what it cannot decide.
@Suite struct PartialListTests {
  func partial(_ products: [Product], keys: [String]) -> ShoppingList {
    ShoppingList(
      id: fixtureID(900), name: "shopping", createdAt: earlier,
      products: IdentifiedArray(uniqueElements: products),
      loading: .partial(keys: Set(keys.map(Naming.key)))
    )
  }

  func makeStore(_ list: ShoppingList) -> TestStore<
    ShoppingList, ShoppingListAction, PersistenceEffect
  > {
    TestStore(initialState: list, reducer: ShoppingListReducer(environment: environment()))
  }

  @Test func addingANameThatWasLookedUpAndNotFoundAppends() {
    let store = makeStore(partial([], keys: ["Tea"]))
    let tea = Product(id: UUID(counting: 1), name: "Tea", addedAt: now)
    store.send(
      .add(name: "tea", .none),
      effects: [
        .insertProduct(
          Product(id: UUID(counting: 1), name: "tea", addedAt: now), listID: fixtureID(900)
        )
      ]
    ) {
      var added = tea
      added.name = "tea"
      $0.append(added)
    }
  }

  @Test func addingANameThatWasLookedUpAndFoundMerges() {
    let store = makeStore(partial([eggs], keys: ["eggs"]))
    let merged = eggs.with { $0.isChecked = false }
    store.send(.add(name: "Eggs", .none), effects: [.updateProduct(merged)]) {
      $0.products[id: eggs.id] = merged
    }
  }

  @Test func addingANameThatWasNotLookedUpIsRefused() {
    // The list might already have it: adding would risk a duplicate.
    let store = makeStore(partial([eggs], keys: ["eggs"]))
    store.send(.add(name: "Milk", .none), throws: ShoppingError.listNotLoaded("shopping"))
    store.send(.rename(eggs.id, to: "Milk"), throws: ShoppingError.listNotLoaded("shopping"))
  }

  @Test func productActionsAndRemovalWorkOnTheLoadedItems() {
    let store = makeStore(partial([milk], keys: []))
    let checked = milk.with { $0.isChecked = true }
    store.send(.product(milk.id, .checked), effects: [.updateProduct(checked)]) {
      $0.products[id: milk.id] = checked
    }
    store.send(.remove([milk.id]), effects: [.deleteProducts([milk.id])]) {
      _ = $0.removeProducts { _ in true }
    }
  }

  @Test(arguments: [
    ShoppingListAction.clearChecked, .resetChecks, .sort(by: .name),
    .move(fixtureID(1), toPosition: 1),
  ])
  func actionsOnEveryItemNeedTheWholeList(action: ShoppingListAction) {
    let store = makeStore(partial([milk], keys: []))
    store.send(action, throws: ShoppingError.listNotLoaded("shopping"))
  }

  @Test func aListKnownByNameOnlyRefusesItemActions() {
    let header = ShoppingList(
      id: fixtureID(900), name: "shopping", createdAt: earlier, isLoaded: false)
    let store = makeStore(header)
    store.send(.remove([milk.id]), throws: ShoppingError.listNotLoaded("shopping"))
  }

  @Test func referencesResolveThroughAnyLookup() throws {
    // The rules are the core's; the lookup only answers queries. A counting lookup shows an
    // exact name needs no prefix scan.
    final class CountingLookup: ProductLookup {
      let list: ShoppingList
      var prefixScans = 0
      init(_ list: ShoppingList) { self.list = list }
      func product(atPosition position: Int) -> Product? { list.product(atPosition: position) }
      func product(withKey key: NameKey) -> Product? { list.product(withKey: key) }
      func products(withKeyPrefix prefix: NameKey, limit: Int?) -> [Product] {
        prefixScans += 1
        return list.products(withKeyPrefix: prefix, limit: limit)
      }
    }
    let lookup = CountingLookup(groceries())
    #expect(try ProductReference.resolve("MILK", in: lookup, listName: "shopping").id == milk.id)
    #expect(lookup.prefixScans == 0)
    #expect(try ProductReference.resolve("bre", in: lookup, listName: "shopping").id == bread.id)
    #expect(lookup.prefixScans == 1)
  }
}
