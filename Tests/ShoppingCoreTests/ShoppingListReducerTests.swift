import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

@Suite struct ShoppingListReducerTests {
  func makeStore(
    _ start: ShoppingList = groceries()
  ) -> TestStore<ShoppingList, ShoppingListAction, PersistenceEffect> {
    TestStore(initialState: start, reducer: ShoppingListReducer(environment: environment()))
  }

  // MARK: - add

  @Test func addAppendsANewItemWithTheGivenFields() throws {
    let store = makeStore()
    let tea = Product(
      id: UUID(counting: 1), name: "Green tea", quantity: 2, unit: "box", addedAt: now
    )

    store.send(
      .add(name: "  Green   tea ", try ProductChanges(quantity: "2", unit: "box")),
      effects: [.insertProduct(tea, listID: fixtureID(900))]
    ) { $0.append(tea) }
  }

  @Test func addOfAnExistingItemUnchecksItAndUpdatesInsteadOfDuplicating() throws {
    let store = makeStore()
    let merged = eggs.with {
      $0.name = "EGGS"
      $0.isChecked = false
      $0.quantity = 6
    }

    store.send(
      .add(name: "EGGS", try ProductChanges(quantity: "6")), effects: [.updateProduct(merged)]
    ) {
      $0.setName("EGGS", ofProductAt: 1)
      $0.products[id: eggs.id] = merged
    }
    #expect(store.state.products.count == 3)
    #expect(store.state.product(named: "eggs")?.id == eggs.id)
  }

  @Test func addOfAnItemAlreadyThereAsWrittenChangesNothing() {
    let store = makeStore()
    store.send(.add(name: "Milk", .none))
  }

  @Test func addWithABadNameIsRefused() {
    let store = makeStore()
    store.send(
      .add(name: " \t ", .none), throws: ShoppingError.invalidName(" \t ", problem: .empty))
  }

  // MARK: - rename

  @Test func renameKeepsTheIdAndUpdatesTheNameIndex() {
    let store = makeStore()
    let renamed = milk.with { $0.name = "Oat milk" }

    store.send(.rename(milk.id, to: "Oat milk"), effects: [.updateProduct(renamed)]) {
      $0.setName("Oat milk", ofProductAt: 0)
      $0.products[id: milk.id] = renamed
    }
    #expect(store.state.product(named: "oat MILK")?.id == milk.id)
    #expect(store.state.product(named: "milk") == nil)
  }

  @Test func renameOntoAnotherItemsNameIsRefused() {
    let store = makeStore()
    store.send(
      .rename(milk.id, to: "bread"), throws: ShoppingError.itemNameTaken("Bread", list: "shopping")
    )
  }

  @Test func renameChangingOnlyTheCaseIsAllowed() {
    let store = makeStore()
    let renamed = milk.with { $0.name = "MILK" }
    store.send(.rename(milk.id, to: "MILK"), effects: [.updateProduct(renamed)]) {
      $0.setName("MILK", ofProductAt: 0)
      $0.products[id: milk.id] = renamed
    }
  }

  // MARK: - remove, clear, reset

  @Test func removeDeletesTheItems() {
    let store = makeStore()
    store.send(.remove([bread.id, milk.id]), effects: [.deleteProducts([milk.id, bread.id])]) {
      _ = $0.removeProducts { $0.id != eggs.id }
    }
    #expect(store.state.product(named: "milk") == nil)
  }

  @Test func clearRemovesOnlyCheckedItems() {
    let store = makeStore()
    store.send(.clearChecked, effects: [.deleteProducts([eggs.id])]) {
      _ = $0.removeProducts { $0.isChecked }
    }
    store.send(.clearChecked)
  }

  @Test func resetUnchecksEveryCheckedItem() {
    let store = makeStore()
    let unchecked = eggs.with { $0.isChecked = false }
    store.send(.resetChecks, effects: [.updateProduct(unchecked)]) {
      $0.products[id: eggs.id] = unchecked
    }
    store.send(.resetChecks)
  }

  // MARK: - order

  @Test func moveReordersTheList() {
    let store = makeStore()
    store.send(
      .move(bread.id, toPosition: 1),
      effects: [.reorderProducts(listID: fixtureID(900), order: [bread.id, milk.id, eggs.id])]
    ) {
      $0.products = [bread, milk, eggs]
    }
  }

  @Test func moveBeyondTheEndMeansTheEndAndToItsOwnPlaceChangesNothing() {
    let store = makeStore()
    store.send(
      .move(milk.id, toPosition: 99),
      effects: [.reorderProducts(listID: fixtureID(900), order: [eggs.id, bread.id, milk.id])]
    ) {
      $0.products = [eggs, bread, milk]
    }
    store.send(.move(milk.id, toPosition: 3))
  }

  @Test func moveToPositionZeroIsRefused() {
    let store = makeStore()
    store.send(.move(milk.id, toPosition: 0), throws: ShoppingError.invalidPosition(0))
  }

  @Test(arguments: [
    (ProductOrder.name, ["Bread", "Eggs", "milk", "Tea"]),
    (.category, ["Bread", "milk", "Eggs", "Tea"]),
    (.checked, ["milk", "Bread", "Tea", "Eggs"]),
    (.added, ["Tea", "milk", "Eggs", "Bread"]),
  ])
  func sortIsStableAndCaseInsensitive(order: ProductOrder, expected: [String]) {
    var lowerMilk = milk
    lowerMilk.name = "milk"
    var tea = product(4, "Tea")
    tea.addedAt = earlier.addingTimeInterval(-10)
    let store = makeStore(list("shopping", [lowerMilk, eggs, bread, tea]))

    let effects = store.send(
      .sort(by: order),
      effects: [
        .reorderProducts(
          listID: fixtureID(900),
          order: expected.compactMap { name in store.state.product(named: name)?.id }
        )
      ]
    ) { state in
      state.products = IdentifiedArray(
        uniqueElements: expected.compactMap { state.product(named: $0) }
      )
    }
    #expect(effects.count == 1)
  }

  @Test func sortingAnAlreadySortedListChangesNothing() {
    let store = makeStore(list("shopping", [bread, eggs, milk]))
    store.send(.sort(by: .name))
  }

  // MARK: - products and loading

  @Test func aProductActionReachesOnlyThatProduct() {
    let store = makeStore()
    let checked = bread.with { $0.isChecked = true }
    store.send(.product(bread.id, .toggled), effects: [.updateProduct(checked)]) {
      $0.products[id: bread.id] = checked
    }
  }

  @Test func aListThatWasNotLoadedRefusesItemActions() {
    let header = ShoppingList(
      id: fixtureID(900), name: "shopping", createdAt: earlier, isLoaded: false)
    let store = makeStore(header)
    store.send(.add(name: "Milk", .none), throws: ShoppingError.listNotLoaded("shopping"))
  }
}
