import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

/// Restoring a backup's shops, lists' shops and default list: the effects it asks storage for,
/// none when everything already matches, and the refusals.
@Suite struct BackupSettingsReducerTests {
  let shopping = groceries()
  let hardware = list("hardware", id: 901)

  func makeStore(_ shops: Shops? = Shops()) -> TestStore<
    ShoppingState, ShoppingAction, PersistenceEffect
  > {
    TestStore(
      initialState: ShoppingState(lists: [shopping, hardware], shops: shops),
      reducer: ShoppingReducer(environment: environment())
    )
  }

  /// What a backup of two shops writes: Aldi the default, the hardware list bought at Lidl,
  /// the hardware list the default list.
  let backup = BackupSettings(
    shops: [
      .init(name: "Lidl", aisles: ["Produce", "Dairy"], isDefault: false),
      .init(name: "Aldi", aisles: [], isDefault: true),
    ],
    listShops: [.init(list: "HARDWARE", shop: "lidl")],
    defaultList: "hardware"
  )

  @Test func intoNoShopsItMakesEachShopAndMarksWhatTheBackupMarks() {
    let store = makeStore()
    let lidl = UUID(counting: 1)
    let aldi = UUID(counting: 2)
    store.send(
      .importSettings(backup),
      effects: [
        .insertShop(id: lidl, name: "Lidl"), .setDefaultShop(lidl),
        .setAisles(lidl, ["Produce", "Dairy"]),
        .insertShop(id: aldi, name: "Aldi"),
        .setDefaultShop(aldi),
        .setListShop(hardware.id, lidl),
        .setDefaultList(hardware.id),
      ]
    ) {
      $0.shops = Shops(
        [
          Shop(id: lidl, name: "Lidl", aisles: ShopOrder(validated: ["Produce", "Dairy"])),
          Shop(id: aldi, name: "Aldi"),
        ], defaultID: aldi, ofList: [hardware.id: lidl])
      $0.defaultListID = hardware.id
    }
    // The same backup again asks for nothing.
    store.send(.importSettings(backup))
  }

  @Test func anExistingShopIsMatchedByNameAndGetsTheBackupsOrder() {
    let lidl = fixtureID(50)
    let store = makeStore(
      Shops(
        [Shop(id: lidl, name: "LIDL", aisles: ShopOrder(validated: ["bakery"]))], defaultID: lidl))
    store.send(
      .importSettings(
        BackupSettings(shops: [.init(name: "lidl", aisles: ["dairy"], isDefault: true)])),
      effects: [.setAisles(lidl, ["dairy"])]
    ) {
      $0.shops?.all[id: lidl]?.aisles = ShopOrder(validated: ["dairy"])
    }
  }

  @Test func theFallbackDefaultListNeedsNoMark() {
    // "shopping" is the default by its name: a backup marking it asks for nothing.
    makeStore().send(.importSettings(BackupSettings(defaultList: "Shopping")))
  }

  @Test func aListsShopThatIsNoShopOrAListThatIsNoneIsRefused() {
    let store = makeStore()
    store.send(
      .importSettings(BackupSettings(listShops: [.init(list: "shopping", shop: "Rewe")])),
      throws: ShoppingError.noSuchShop("Rewe", nearest: nil))
    store.send(
      .importSettings(BackupSettings(defaultList: "garden")),
      throws: ShoppingError.noSuchList("garden"))
    store.send(
      .importSettings(
        BackupSettings(shops: [.init(name: "Lidl", aisles: ["dairy", "Dairy"], isDefault: false)])),
      throws: ShoppingError.duplicateCategory("Dairy"))
  }

  @Test func shopsNotLoadedAreRefused() {
    makeStore(nil).send(
      .importSettings(backup), throws: ShoppingError.shopsNotLoaded)
  }
}
