import Composable
import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

/// The default list, the shop order, and "did you mean", in the core.
@Suite struct EverydayUseReducerTests {
  func makeStore(
    defaultListID: ShoppingList.ID? = nil
  ) -> TestStore<ShoppingState, ShoppingAction, PersistenceEffect> {
    TestStore(
      initialState: ShoppingState(
        lists: [groceries(), list("hardware", id: 901, [product(10, "Nails")])],
        defaultListID: defaultListID
      ),
      reducer: ShoppingReducer(environment: environment())
    )
  }

  @Test func withNoListMadeTheDefaultTheListNamedShoppingIs() {
    let state = ShoppingState(lists: [list("hardware", id: 901), groceries()])
    #expect(state.defaultList?.name == "shopping")
    #expect(ShoppingState(lists: [list("hardware", id: 901)]).defaultListName == "shopping")
  }

  @Test func makeDefaultMarksTheListOnceAndOnlyOnce() {
    let store = makeStore()
    store.send(.makeDefault(fixtureID(901)), effects: [.setDefaultList(fixtureID(901))]) {
      $0.defaultListID = fixtureID(901)
    }
    #expect(store.state.defaultList?.name == "hardware")
    store.send(.makeDefault(fixtureID(901)))
    store.send(
      .makeDefault(fixtureID(999)), throws: ShoppingError.noSuchList(fixtureID(999).uuidString))
  }

  @Test func renamingTheDefaultListByNameKeepsItTheDefaultById() {
    let store = makeStore()
    store.send(
      .renameList(fixtureID(900), to: "groceries"),
      effects: [.renameList(fixtureID(900), to: "groceries"), .setDefaultList(fixtureID(900))]
    ) {
      $0.lists[id: fixtureID(900)]?.name = "groceries"
      $0.defaultListID = fixtureID(900)
    }
    #expect(store.state.defaultListName == "groceries")
  }

  @Test func renamingAnotherListLeavesTheDefaultAlone() {
    let store = makeStore(defaultListID: fixtureID(900))
    store.send(
      .renameList(fixtureID(901), to: "DIY"), effects: [.renameList(fixtureID(901), to: "DIY")]
    ) {
      $0.lists[id: fixtureID(901)]?.name = "DIY"
    }
  }

  @Test func deletingTheDefaultListMakesShoppingTheDefaultAgain() {
    let store = makeStore(defaultListID: fixtureID(901))
    store.send(
      .deleteList(fixtureID(901), force: true),
      effects: [.setDefaultList(nil), .deleteList(fixtureID(901))]
    ) {
      $0.lists.remove(id: fixtureID(901))
      $0.defaultListID = nil
    }
    #expect(store.state.defaultListName == "shopping")
  }

  @Test func sortByAisleFollowsTheShopOrderThenCategoryNamesThenNoCategory() throws {
    let apples = product(1, "Apples", category: "produce")
    let cheese = product(2, "Cheese", category: "Dairy")
    let soap = product(3, "Soap", category: "household")
    let tea = product(4, "Tea")
    let bread = product(5, "Bread", category: "bakery")
    let milk = product(6, "Milk", category: "dairy")
    let candles = product(7, "Candles", category: "Garden")
    let shop = list("shopping", [tea, soap, cheese, apples, candles, bread, milk])
    let store = TestStore(
      initialState: ShoppingState(lists: [shop]),
      reducer: ShoppingReducer(environment: environment())
    )
    let order = try ShopOrder(["produce", "DAIRY", "bakery"])
    // Dairy keeps Cheese before Milk (their current order); Garden before household by name.
    let sorted = [apples, cheese, milk, bread, candles, soap, tea]
    store.send(
      .list(shop.id, .sortByAisle(order)),
      effects: [.reorderProducts(listID: shop.id, order: sorted.map(\.id))]
    ) {
      $0.lists[id: shop.id]?.products = IdentifiedArray(uniqueElements: sorted)
    }
    store.send(.list(shop.id, .sortByAisle(order)))
  }
}

@Suite struct SuggestionTests {
  @Test func aCloseWordIsSuggestedIgnoringCaseAndAccents() {
    #expect(Suggestion.nearest(to: "ad", among: ["add", "toggle", "list"]) == "add")
    #expect(Suggestion.nearest(to: "mlk", among: ["Bread", "Milk"]) == "Milk")
    #expect(Suggestion.nearest(to: "creme", among: ["Bread", "Crème fraîche", "Crème"]) == "Crème")
    #expect(Suggestion.nearest(to: "tgogle", among: ["toggle", "move"]) == "toggle")
    // References are accent-sensitive: "creme" names no item, and the hint is the one it meant.
    #expect(Suggestion.nearest(to: "creme", among: ["Crème fraîche", "Cremer"]) == "Cremer")
  }

  @Test func aFarWordIsNotSuggested() {
    #expect(Suggestion.nearest(to: "xyz", among: ["add", "list"]) == nil)
    #expect(Suggestion.nearest(to: "banana", among: ["Milk", "Bread"]) == nil)
    #expect(Suggestion.nearest(to: "", among: ["Milk"]) == nil)
  }

  @Test(
    arguments: [
      // A later word of one name: the hint.
      ("yoghurt", ["Milk", "Greek yoghurt"], "Greek yoghurt"),
      ("YOGH", ["Greek yoghurt"], "Greek yoghurt"),
      ("fraiche", ["Crème fraîche", "Bread"], "Crème fraîche"),
      // A close name still wins over a later word.
      ("mlk", ["Oat milk", "Milk"], "Milk"),
      // Later words of two names: no hint; a middle of a word, or two letters: none.
      ("milk", ["Oat milk", "Goat milk"], nil),
      ("ghurt", ["Greek yoghurt"], nil),
      ("yo", ["Greek yoghurt"], nil),
      // The first word is a reference's own start, never a hint's reason.
      ("greek", ["Greek yoghurt"], nil),
    ] as [(String, [String], String?)])
  func aLaterWordOfOneNameIsSuggestedWhenAskedFor(
    typed: String, names: [String], expected: String?
  ) {
    #expect(Suggestion.nearest(to: typed, among: names, orLaterWord: true) == expected)
  }

  @Test func aLaterWordIsNoHintUnlessAskedFor() {
    // A list named "party" beside "kids party" is a new list, not a typo of it.
    #expect(Suggestion.nearest(to: "party", among: ["kids party"]) == nil)
    #expect(Suggestion.nearest(to: "yoghurt", among: ["Greek yoghurt"]) == nil)
  }

  @Test func editDistanceCountsSwapsAsOneEdit() {
    #expect(Suggestion.editDistance(Array("milk"), Array("mlik"), limit: 3) == 1)
    #expect(Suggestion.editDistance(Array("milk"), Array("silk"), limit: 3) == 1)
    #expect(Suggestion.editDistance(Array("milk"), Array("mi"), limit: 3) == 2)
    #expect(Suggestion.editDistance(Array("milk"), Array("bread"), limit: 2) == nil)
  }
}
