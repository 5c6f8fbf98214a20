import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// Every kind of effect means the same change on every storage.
@Suite(.offThePool) struct EffectConformanceTests {
  @Test(arguments: StorageKind.all)
  func insertedListsAndItemsReadBackInOrder(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let lists = try subject.lists
    #expect(lists.map(\.name) == ["Week"])
    #expect(lists[0].products.map(\.name) == ["Milk", "Bread", "Eggs"])
    #expect(lists[0].products[0] == item(1, "Milk"))
  }

  @Test(arguments: StorageKind.all)
  func positionsAreNumberedInListOrderWithoutLoadingTheList(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)
    try subject.execute([
      .insertProduct(item(4, "Tea"), listID: weekID),
      .reorderProducts(
        listID: weekID,
        order: [
          item(4, "Tea").id, item(1, "Milk").id,
          item(2, "Bread").id, item(3, "Eggs").id,
        ]),
      .deleteProducts([item(1, "Milk").id]),
    ])

    let positions = try subject.storage.read { transaction in
      try transaction.positions(
        of: [item(3, "Eggs").id, item(4, "Tea").id, item(1, "Milk").id, UUID(counting: 5)],
        inList: weekID)
    }
    #expect(positions == [item(4, "Tea").id: 1, item(3, "Eggs").id: 3])
    let elsewhere = try subject.storage.read { transaction in
      try transaction.positions(of: [item(4, "Tea").id], inList: UUID(counting: 6))
    }
    #expect(elsewhere.isEmpty)
  }

  @Test(arguments: StorageKind.all)
  func anUpdatedItemKeepsItsPlace(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    var bread = item(2, "Rye bread", checked: true)
    bread.note = "sliced"
    try subject.execute([.updateProduct(bread)])

    #expect(try subject.lists[0].products.map(\.name) == ["Milk", "Rye bread", "Eggs"])
    #expect(try subject.lists[0].products[1] == bread)
  }

  @Test(arguments: StorageKind.all)
  func deletedItemsAndListsAreGone(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week + [.insertList(id: partyID, name: "Party", createdAt: now)])

    try subject.execute([.deleteProducts([item(1, "").id, item(3, "").id])])
    #expect(try subject.names(weekID) == ["Bread"])

    try subject.execute([.deleteList(weekID)])
    #expect(try subject.lists.map(\.name) == ["Party"])
    #expect(try subject.storage.read { try $0.storedProduct(item(2, "").id) } == nil)
  }

  @Test(arguments: StorageKind.all)
  func aRenamedListKeepsItsItems(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week + [.renameList(weekID, to: "Weekend")])

    #expect(try subject.lists.map(\.name) == ["Weekend"])
    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs"])
  }

  @Test(arguments: StorageKind.all)
  func reorderedItemsKeepTheNewOrder(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let order = [3, 1, 2].map { item(UInt64($0), "").id }
    try subject.execute([.reorderProducts(listID: weekID, order: order)])

    #expect(try subject.names(weekID) == ["Eggs", "Milk", "Bread"])
    #expect(try subject.storage.read { try $0.storedOrder(ofList: weekID) } == order)
  }

  @Test(arguments: StorageKind.all)
  func theDefaultMarkAndTheShopOrderAreKept(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(
      week + [
        .insertList(id: partyID, name: "Party", createdAt: now), .setDefaultList(partyID),
        .setShopOrder(["Bakery", "Dairy"]),
      ])

    let summaries = try subject.storage.read { try $0.listSummaries() }
    #expect(summaries.map(\.isDefault) == [false, true])
    #expect(summaries.map(\.items) == [3, 0])
    // The order of records written before shops: the default shop's, made as "default".
    let shops = try subject.storage.read { try $0.shops() }
    #expect(shops.all.map(\.name) == ["default"])
    #expect(shops.defaultShop?.aisles.categories == ["Bakery", "Dairy"])
    try subject.execute([.setShopOrder(["Dairy"])])
    #expect(try subject.storage.read { try $0.shops() }.defaultShop?.aisles.categories == ["Dairy"])

    try subject.execute([.setDefaultList(nil)])
    #expect(try subject.storage.read { try $0.storedDefaultList() } == nil)
  }

  @Test(arguments: StorageKind.all)
  func restoredRowsGoBackWhereTheyWere(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)
    let bread = try #require(try subject.storage.read { try $0.storedProduct(item(2, "").id) })
    let list = try #require(
      try subject.storage.read { try $0.storedList(weekID, withProducts: false) })

    try subject.execute([.deleteList(weekID)])
    try subject.execute([
      .restoreList(
        id: weekID, name: "Week", createdAt: now, position: try #require(list.position)),
      .insertProduct(item(1, "Milk"), listID: weekID),
      .insertProduct(item(3, "Eggs"), listID: weekID),
      .restoreProduct(bread.product, listID: weekID, position: bread.position),
    ])

    #expect(try subject.names(weekID) == ["Milk", "Bread", "Eggs"])
  }

  @Test(arguments: StorageKind.all)
  func aPartialLoadHoldsOnlyTheItemsAskedFor(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let part = try subject.storage.read { transaction in
      let header = try #require(try transaction.loadState(loadingLists: []).lists.first)
      return try transaction.partialList(
        header, keys: [Naming.key("eggs")], ids: [item(1, "").id],
        absentKeys: [Naming.key("Tea")])
    }

    #expect(part.products.map(\.name) == ["Milk", "Eggs"])
    #expect(part.loading == .partial(keys: [Naming.key("eggs"), Naming.key("Tea")]))
  }

  @Test(arguments: StorageKind.all)
  func aLookupFindsItemsByPositionAndName(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week)

    let (second, eggs, prefixed) = try subject.storage.read { transaction in
      let lookup = transaction.productLookup(inList: weekID)
      return (
        try lookup.product(atPosition: 2), try lookup.product(withKey: Naming.key("EGGS")),
        try lookup.products(withKeyPrefix: Naming.key("b"), limit: nil)
      )
    }

    #expect(second?.name == "Bread")
    #expect(eggs?.name == "Eggs")
    #expect(prefixed.map(\.name) == ["Bread"])
  }

  @Test(arguments: StorageKind.all)
  func aLoadedStateNamesTheListsAndLoadsOnlyThoseAsked(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.execute(week + [.insertList(id: partyID, name: "Party", createdAt: now)])

    let state = try subject.storage.read { try $0.loadState(loadingListsNamed: ["WEEK"]) }

    #expect(state.lists.map(\.name) == ["Week", "Party"])
    #expect(state.lists.map(\.isLoaded) == [true, false])
    #expect(state.lists[0].products.count == 3)
  }
}

/// The async entry points run the same transactions from async code.
@Suite struct AsyncConformanceTests {
  @Test(arguments: StorageKind.all)
  func asyncWritesAndReadsSeeTheSameData(kind: StorageKind) async throws {
    let subject = try kind.make()

    let written = try await subject.storage.write { transaction in
      try transaction.execute(week)
      return try transaction.listSummaries().map(\.items)
    }
    let read = try await subject.other.read { try $0.productNames(inList: weekID) }

    #expect(written == [3])
    #expect(read == ["Milk", "Bread", "Eggs"])
  }
}
