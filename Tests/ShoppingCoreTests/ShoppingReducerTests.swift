import Composable
import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

@Suite struct ShoppingReducerTests {
  func makeStore(
    _ lists: [ShoppingList] = [groceries(), list("hardware", id: 901, [product(10, "Nails")])]
  ) -> TestStore<ShoppingState, ShoppingAction, PersistenceEffect> {
    TestStore(
      initialState: ShoppingState(lists: IdentifiedArray(uniqueElements: lists)),
      reducer: ShoppingReducer(environment: environment())
    )
  }

  @Test func createListAddsAnEmptyList() {
    let store = makeStore()
    let weekend = ShoppingList(id: UUID(counting: 1), name: "Weekend BBQ", createdAt: now)
    store.send(
      .createList(named: " Weekend  BBQ"),
      effects: [.insertList(id: weekend.id, name: "Weekend BBQ", createdAt: now)]
    ) { $0.lists.append(weekend) }
  }

  @Test func createListWithATakenNameIsRefused() {
    let store = makeStore()
    store.send(.createList(named: "SHOPPING"), throws: ShoppingError.listNameTaken("shopping"))
    store.send(.createList(named: ""), throws: ShoppingError.invalidName("", problem: .empty))
  }

  @Test func renameListRenamesAndRefusesClashes() {
    let store = makeStore()
    store.send(
      .renameList(fixtureID(901), to: "DIY"), effects: [.renameList(fixtureID(901), to: "DIY")]
    ) {
      $0.lists[id: fixtureID(901)]?.name = "DIY"
    }
    store.send(
      .renameList(fixtureID(901), to: "Shopping"), throws: ShoppingError.listNameTaken("shopping"))
    store.send(.renameList(fixtureID(901), to: "DIY"))
  }

  @Test func deletingANonEmptyListNeedsForce() {
    let store = makeStore()
    store.send(
      .deleteList(fixtureID(901), force: false),
      throws: ShoppingError.listNotEmpty("hardware", items: 1)
    )
    store.send(.deleteList(fixtureID(901), force: true), effects: [.deleteList(fixtureID(901))]) {
      $0.lists.remove(id: fixtureID(901))
    }
  }

  @Test func deletingAnEmptyListNeedsNoForce() {
    let store = makeStore([groceries(), list("empty", id: 902)])
    store.send(.deleteList(fixtureID(902), force: false), effects: [.deleteList(fixtureID(902))]) {
      $0.lists.remove(id: fixtureID(902))
    }
  }

  @Test func anActionForOneProductOfOneListChangesNothingElse() {
    let store = makeStore()
    let checked = bread.with { $0.isChecked = true }
    // The TestStore is exhaustive: any change to the other list or products would fail here.
    store.send(
      .list(fixtureID(900), .product(bread.id, .checked)), effects: [.updateProduct(checked)]
    ) {
      $0.lists[id: fixtureID(900)]?.products[id: bread.id] = checked
    }
  }

  @Test func listsLoadedFillInHeaders() {
    let header = ShoppingList(
      id: fixtureID(901), name: "hardware", createdAt: earlier, isLoaded: false)
    let store = makeStore([groceries(), header])
    let loaded = list("hardware", id: 901, [product(10, "Nails")])
    store.send(.listsLoaded([loaded])) { $0.lists[id: fixtureID(901)] = loaded }
  }

  @Test func elementActionsOnA10000ProductListDoNotCopyTheList() throws {
    // Count, do not time: the Store mutates in place, so the products' storage is the same
    // buffer after the send, and exactly one effect names exactly one product.
    let products = (1...10_000).map { product(UInt64($0), "item \($0)") }
    let store = Store(
      initialState: ShoppingState(
        lists: [list("big", products)]
      ),
      reducer: ShoppingReducer(environment: environment()),
      recovery: .reload(unavailable: ShoppingState()) { ShoppingState() }
    )
    let address = {
      store.state.lists[0].products.elements.withUnsafeBufferPointer { $0.baseAddress }
    }
    let before = address()

    let effects = try store.send(.list(fixtureID(900), .product(fixtureID(5_000), .toggled)))

    #expect(address() == before)
    #expect(effects == [.updateProduct(products[4_999].with { $0.isChecked = true })])
  }
}
