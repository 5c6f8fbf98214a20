import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

/// Shops in the core: each with its aisle order, the default one, each list's shop, and the
/// effects every change to them asks storage for.
@Suite struct ShopsReducerTests {
  let shopping = groceries()
  let hardware = list("hardware", id: 901)

  func makeStore(_ shops: Shops = Shops()) -> TestStore<
    ShoppingState, ShoppingAction, PersistenceEffect
  > {
    TestStore(
      initialState: ShoppingState(lists: [shopping, hardware], shops: shops),
      reducer: ShoppingReducer(environment: environment())
    )
  }

  /// Two shops: Lidl (the default) and Aldi; the shopping list is bought at Aldi.
  func twoShops() -> Shops {
    Shops(
      [
        Shop(id: fixtureID(50), name: "Lidl", aisles: ShopOrder(validated: ["bakery", "dairy"])),
        Shop(id: fixtureID(51), name: "Aldi", aisles: ShopOrder(validated: ["dairy"])),
      ], defaultID: fixtureID(50), ofList: [shopping.id: fixtureID(51)])
  }

  @Test func theFirstOrderMakesTheDefaultShopCalledDefault() throws {
    let store = makeStore()
    let made = UUID(counting: 1)
    store.send(
      .setAisles([" Produce ", "bakery"], shop: nil),
      effects: [
        .insertShop(id: made, name: "default"), .setDefaultShop(made),
        .setAisles(made, ["Produce", "bakery"]),
      ]
    ) {
      $0.shops = Shops(
        [Shop(id: made, name: "default", aisles: ShopOrder(validated: ["Produce", "bakery"]))],
        defaultID: made)
    }
    // The same order again changes nothing; an empty one forgets it, keeping the shop.
    store.send(.setAisles(["Produce", "bakery"], shop: nil))
    store.send(.setAisles([], shop: nil), effects: [.setAisles(made, [])]) {
      $0.shops?.all[id: made]?.aisles = .none
    }
  }

  @Test func forgettingAnOrderWithNoShopMakesNone() {
    makeStore().send(.setAisles([], shop: nil))
  }

  @Test func aBadOrderIsRefusedAndChangesNothing() {
    let store = makeStore(twoShops())
    store.send(
      .setAisles(["dairy", "DAIRY"], shop: "Lidl"),
      throws: ShoppingError.duplicateCategory("DAIRY"))
    store.send(
      .setAisles(["dairy", ""], shop: nil),
      throws: ShoppingError.invalidText(field: "category", value: "", problem: .empty))
    store.send(
      .setAisles(["dairy"], shop: " "),
      throws: ShoppingError.invalidName(" ", problem: .empty))
  }

  @Test func aNamedShopIsMadeOnceAndATypoOfOneIsRefused() {
    let store = makeStore(twoShops())
    let made = UUID(counting: 1)
    store.send(
      .setAisles(["frozen"], shop: "Rewe"),
      effects: [.insertShop(id: made, name: "Rewe"), .setAisles(made, ["frozen"])]
    ) {
      $0.shops?.all.append(
        Shop(id: made, name: "Rewe", aisles: ShopOrder(validated: ["frozen"])))
    }
    // Named in another case, it is the same shop.
    store.send(.setAisles(["dairy"], shop: "LIDL"), effects: [.setAisles(fixtureID(50), ["dairy"])])
    {
      $0.shops?.all[id: fixtureID(50)]?.aisles = ShopOrder(validated: ["dairy"])
    }
    store.send(
      .setAisles(["dairy"], shop: "Lild"),
      throws: ShoppingError.noSuchShop("Lild", nearest: "Lidl"))
  }

  @Test func renamingKeepsTheShopAndRefusesATakenName() {
    let store = makeStore(twoShops())
    store.send(
      .renameShop(fixtureID(51), to: "Aldi Süd"),
      effects: [
        .renameShop(fixtureID(51), to: "Aldi Süd")
      ]
    ) {
      $0.shops?.all[id: fixtureID(51)]?.name = "Aldi Süd"
    }
    store.send(.renameShop(fixtureID(51), to: "Aldi Süd"))
    store.send(
      .renameShop(fixtureID(51), to: "lidl"), throws: ShoppingError.shopNameTaken("Lidl"))
  }

  @Test func deletingTheDefaultShopPassesTheMarkAndFreesItsLists() {
    var shops = twoShops()
    shops.ofList[hardware.id] = fixtureID(50)
    let store = makeStore(shops)
    store.send(
      .deleteShop(fixtureID(50)),
      effects: [
        .setListShop(hardware.id, nil), .setDefaultShop(fixtureID(51)), .deleteShop(fixtureID(50)),
      ]
    ) {
      $0.shops = Shops(
        [Shop(id: fixtureID(51), name: "Aldi", aisles: ShopOrder(validated: ["dairy"]))],
        defaultID: fixtureID(51), ofList: [self.shopping.id: fixtureID(51)])
    }
    // The last shop: no default is left, and its list falls back to none.
    store.send(
      .deleteShop(fixtureID(51)),
      effects: [.setListShop(shopping.id, nil), .setDefaultShop(nil), .deleteShop(fixtureID(51))]
    ) {
      $0.shops = Shops()
    }
  }

  @Test func aListNamesItsShopOrNone() {
    let store = makeStore(twoShops())
    store.send(
      .setListShop(hardware.id, fixtureID(50)), effects: [.setListShop(hardware.id, fixtureID(50))]
    ) {
      $0.shops?.ofList[self.hardware.id] = fixtureID(50)
    }
    store.send(.setListShop(hardware.id, fixtureID(50)))
    store.send(.setListShop(shopping.id, nil), effects: [.setListShop(shopping.id, nil)]) {
      $0.shops?.ofList[self.shopping.id] = nil
    }
    store.send(
      .setListShop(shopping.id, fixtureID(99)),
      throws: ShoppingError.noSuchShop(fixtureID(99).uuidString, nearest: nil))
  }

  @Test func makingTheDefaultOnceAndOnlyOnce() {
    let store = makeStore(twoShops())
    store.send(.makeDefaultShop(fixtureID(51)), effects: [.setDefaultShop(fixtureID(51))]) {
      $0.shops?.defaultID = fixtureID(51)
    }
    store.send(.makeDefaultShop(fixtureID(51)))
  }

  @Test func deletingAListForgetsItsShop() {
    let store = makeStore(twoShops())
    store.send(.deleteList(shopping.id, force: true), effects: [.deleteList(shopping.id)]) {
      $0.lists.remove(id: self.shopping.id)
      $0.shops?.ofList = [:]
    }
  }

  @Test func changesToShopsNeedThemLoaded() {
    let store = TestStore(
      initialState: ShoppingState(lists: [shopping]),
      reducer: ShoppingReducer(environment: environment()))
    store.send(.setAisles(["dairy"], shop: nil), throws: ShoppingError.shopsNotLoaded)
  }

  @Test func aListIsSortedByTheShopNamedElseItsOwnElseTheDefault() throws {
    let shops = twoShops()
    #expect(try shops.shop(named: "lidl", forList: shopping.id)?.name == "Lidl")
    #expect(try shops.shop(named: nil, forList: shopping.id)?.name == "Aldi")
    #expect(try shops.shop(named: nil, forList: hardware.id)?.name == "Lidl")
    #expect(try shops.shop(named: nil, forList: nil)?.name == "Lidl")
    #expect(try Shops().shop(named: nil, forList: shopping.id) == nil)
    #expect(throws: ShoppingError.noSuchShop("Aldo", nearest: "Aldi")) {
      try shops.shop(named: "Aldo", forList: nil)
    }
    #expect(throws: ShoppingError.noSuchShop("Costco", nearest: nil)) {
      try shops.shop(named: "Costco", forList: nil)
    }
  }
}

/// Moving a list among the lists.
@Suite struct ListOrderReducerTests {
  @Test func aListMovesToItsPlaceAndPastTheLastIsLast() {
    let a = list("a", id: 901)
    let b = list("b", id: 902)
    let c = list("c", id: 903)
    let store = TestStore(
      initialState: ShoppingState(lists: [a, b, c]),
      reducer: ShoppingReducer(environment: environment()))
    store.send(.moveList(c.id, toPosition: 1), effects: [.reorderLists([c.id, a.id, b.id])]) {
      $0.lists = [c, a, b]
    }
    store.send(.moveList(c.id, toPosition: 1))
    store.send(.moveList(c.id, toPosition: 99), effects: [.reorderLists([a.id, b.id, c.id])]) {
      $0.lists = [a, b, c]
    }
    store.send(.moveList(a.id, toPosition: 0), throws: ShoppingError.invalidPosition(0))
    store.send(
      .moveList(fixtureID(999), toPosition: 1),
      throws: ShoppingError.noSuchList(fixtureID(999).uuidString))
  }
}
