import ComposableTesting
import Testing

@testable import ShoppingCore

@Suite struct ProductReducerTests {
  func makeStore(_ start: Product = milk) -> TestStore<Product, ProductAction, PersistenceEffect> {
    TestStore(initialState: start, reducer: ProductReducer(environment: environment()))
  }

  @Test func toggleFlipsTheCheckAndSavesTheProduct() {
    let store = makeStore()
    let checked = milk.with { $0.isChecked = true }
    // The second change in the same second moves `updatedAt` one microsecond on.
    let unchecked = milk.with { _ in }.movedOn(microseconds: 1)

    store.send(.toggled, effects: [.updateProduct(checked)]) { $0 = checked }
    store.send(.toggled, effects: [.updateProduct(unchecked)]) { $0 = unchecked }
  }

  @Test func checkingACheckedItemChangesNothing() {
    let store = makeStore(eggs)
    store.send(.checked)
  }

  @Test func uncheckingAnUncheckedItemChangesNothing() {
    let store = makeStore(milk)
    store.send(.unchecked)
  }

  @Test func checkAndUncheckSetTheState() {
    let store = makeStore(milk)
    let checked = milk.with { $0.isChecked = true }
    let unchecked = milk.with { _ in }.movedOn(microseconds: 1)
    store.send(.checked, effects: [.updateProduct(checked)]) { $0 = checked }
    store.send(.unchecked, effects: [.updateProduct(unchecked)]) { $0 = unchecked }
  }

  @Test func editChangesOnlyTheGivenFieldsAndEmptyTextClears() throws {
    let store = makeStore()
    let edited = milk.with {
      $0.quantity = 3
      $0.unit = nil
      $0.note = "organic"
    }

    store.send(
      .edited(try ProductChanges(quantity: "3", unit: "", note: "organic")),
      effects: [.updateProduct(edited)]
    ) { $0 = edited }
  }

  @Test func anEditToTheSameValuesChangesNothing() throws {
    let store = makeStore()
    store.send(.edited(try ProductChanges(quantity: "2", unit: "l", category: "dairy")))
  }
}
