import Foundation
import IdentifiedCollections
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Every persistence effect survives a round trip through the file")
struct EffectRoundTripTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
  }

  func groceries(_ products: [Product]) -> ShoppingList {
    ShoppingList(
      id: groceriesID, name: "Groceries", createdAt: now,
      products: IdentifiedArray(uniqueElements: products)
    )
  }

  @Test func insertListCreatesAnEmptyList() throws {
    try database.write {
      try $0.execute([.insertList(id: groceriesID, name: "Groceries", createdAt: now)])
    }

    #expect(try database.everything() == ShoppingState(lists: [groceries([])]))
  }

  @Test func insertProductKeepsEveryField() throws {
    let full = Product(
      id: productID(1), name: "Crème fraîche", isChecked: true,
      quantity: try Quantity("0.1"), unit: "l", category: "dairy", note: "the \"thick\" one",
      addedAt: now, updatedAt: now.addingTimeInterval(3_600)
    )
    let bare = product(2, "Bread")

    try database.seedGroceries([full, bare])

    #expect(try database.everything() == ShoppingState(lists: [groceries([full, bare])]))
  }

  @Test func insertProductAppendsAfterTheLastPositionEvenWithGaps() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread"), product(3, "Eggs")])
    try database.write { try $0.execute([.deleteProducts([productID(3)])]) }

    try database.write {
      try $0.execute([.insertProduct(product(4, "Tea"), listID: groceriesID)])
    }

    let names = try database.everything().lists.first?.products.map(\.name)
    #expect(names == ["Milk", "Bread", "Tea"])
    #expect(try database.rawInteger("SELECT position FROM product WHERE name = 'Tea'") == 3)
  }

  @Test func appendsInOneTransactionFollowEachOtherAndWhatChangedBetween() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread"), product(3, "Eggs")])
    let weekendID = UUID(counting: 3_000)

    let work = try database.write { repository in
      let before = repository.statistics
      try repository.execute([
        .insertProduct(product(4, "Tea"), listID: groceriesID),
        .insertList(id: weekendID, name: "Weekend", createdAt: now),
        .insertProduct(product(5, "Wine"), listID: weekendID),
        .insertProduct(product(6, "Jam"), listID: groceriesID),
      ])
      let appends = repository.statistics - before
      // A move and a removal in between: the next append goes after the new last item.
      try repository.execute([
        .reorderProducts(
          listID: groceriesID,
          order: [6, 1, 2, 3, 4].map { productID($0) }),
        .deleteProducts([productID(4)]),
        .insertProduct(product(7, "Oats"), listID: groceriesID),
        .insertProduct(product(8, "Figs"), listID: groceriesID),
      ])
      // The failed batch appended nothing: the one after it does not leave a gap.
      #expect(throws: DatabaseError.self) {
        try repository.execute([
          .insertProduct(product(9, "Rice"), listID: groceriesID),
          .insertProduct(product(1, "Milk again"), listID: groceriesID),
        ])
      }
      try repository.execute([.insertProduct(product(10, "Salt"), listID: groceriesID)])
      return appends
    }

    let lists = try database.everything().lists
    #expect(
      lists.first?.products.map(\.name)
        == ["Jam", "Milk", "Bread", "Eggs", "Oats", "Figs", "Salt"])
    #expect(lists.last?.products.map(\.name) == ["Wine"])
    let positions = try database.withConnection { connection in
      var positions: [Int] = []
      try connection.query(
        "SELECT position FROM product WHERE listId = ? ORDER BY position", [.id(groceriesID)]
      ) { row throws(DatabaseError) in positions.append(Int(row.integer(0))) }
      return positions
    }
    #expect(positions == [1, 2, 3, 4, 5, 6, 7])
    // SAVEPOINT, four inserts (one of them the list), RELEASE: no statement of its own to
    // find a position.
    #expect(work.statementsExecuted == 6)
  }

  @Test func updateProductOverwritesTheFieldsOfThatProductOnly() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread")])
    var milk = product(1, "Oat milk", isChecked: true, quantity: 2)
    milk.unit = "l"
    milk.updatedAt = now.addingTimeInterval(60)

    try database.write { try $0.execute([.updateProduct(milk)]) }

    #expect(
      try database.everything() == ShoppingState(lists: [groceries([milk, product(2, "Bread")])]))
  }

  @Test func updateProductClearsOptionalFields() throws {
    var milk = product(1, "Milk")
    milk.note = "skimmed"
    try database.seedGroceries([milk])
    milk.note = nil

    try database.write { try $0.execute([.updateProduct(milk)]) }

    #expect(try database.everything().lists.first?.products.first?.note == nil)
  }

  @Test func deleteProductsRemovesOnlyThoseProducts() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread"), product(3, "Eggs")])

    try database.write { try $0.execute([.deleteProducts([productID(1), productID(3)])]) }

    #expect(try database.everything() == ShoppingState(lists: [groceries([product(2, "Bread")])]))
  }

  @Test func deletingMoreProductsThanOneStatementTakesRemovesExactlyThose() throws {
    let count = IDChunkStatement.size * 2 + 7
    let products: [Product] = (1...count).map { product(UInt64($0), "Item \($0)") }
    try database.seedGroceries(products)
    let gone: [UUID] = (1...count).filter { $0 % 3 != 0 }.map { productID(UInt64($0)) }

    try database.write { try $0.execute([.deleteProducts(gone)]) }

    let left = try #require(try database.everything().lists.first).products.ids.elements
    let kept: [UUID] = (1...count).filter { $0 % 3 == 0 }.map { productID(UInt64($0)) }
    #expect(left == kept)
  }

  @Test func deletingProductsOneOfWhichIsNotThereIsRefusedAndDeletesNothing() throws {
    let count = IDChunkStatement.size + 3
    let products: [Product] = (1...count).map { product(UInt64($0), "Item \($0)") }
    try database.seedGroceries(products)
    let before = try database.everything()
    // The missing one in the second statement, after a first full one succeeded.
    let present: [UUID] = (1...count).map { productID(UInt64($0)) }
    let ids = present + [productID(99_999)]

    let error = #expect(throws: DatabaseError.self) {
      try database.write { try $0.execute([.deleteProducts(ids)]) }
    }

    #expect(error?.reason == .rowNotFound)
    let message = error?.message ?? ""
    #expect(message.contains("1 of 4 products to delete are not there"))
    #expect(try database.everything() == before)
  }

  @Test func deletingOneProductThatIsNotThereNamesIt() throws {
    try database.seedGroceries([product(1, "Milk")])

    let error = #expect(throws: DatabaseError.self) {
      try database.write { try $0.execute([.deleteProducts([productID(7)])]) }
    }

    let message = error?.message ?? ""
    #expect(message.contains(productID(7).uuidString))
    #expect(try database.everything().lists.first?.products.count == 1)
  }

  @Test func renameListRenamesAndFreesTheOldName() throws {
    try database.seedGroceries([product(1, "Milk")])

    try database.write {
      try $0.execute([
        .renameList(groceriesID, to: "Weekend"),
        .insertList(id: UUID(counting: 2_000), name: "GROCERIES", createdAt: now),
      ])
    }

    let names = try database.everything().lists.map(\.name)
    #expect(names == ["Weekend", "GROCERIES"])
  }

  @Test func reorderProductsStoresTheOrderAndWritesOnlyMovedRows() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread"), product(3, "Eggs")])
    let order = [productID(1), productID(3), productID(2)]

    let work = try database.write { repository in
      let before = repository.statistics
      try repository.execute([.reorderProducts(listID: groceriesID, order: order)])
      return repository.statistics - before
    }

    #expect(try database.everything().lists.first?.products.ids.elements == order)
    #expect(work.rowsChanged == 2)
  }

  @Test func reorderProductsNamingOtherProductsIsRefused() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread")])

    let error = #expect(throws: DatabaseError.self) {
      try database.write { repository in
        try repository.execute([.reorderProducts(listID: groceriesID, order: [productID(1)])])
      }
    }

    #expect(error?.reason == .rowNotFound)
  }

  @Test func deleteListRemovesItsProductsToo() throws {
    try database.seedGroceries([product(1, "Milk"), product(2, "Bread")])

    try database.write { try $0.execute([.deleteList(groceriesID)]) }

    #expect(try database.everything() == ShoppingState())
    #expect(try database.rawInteger("SELECT count(*) FROM product") == 0)
  }

  @Test func anEffectNamingAMissingRowIsRefused() throws {
    try database.seedGroceries([])

    let error = #expect(throws: DatabaseError.self) {
      try database.write { try $0.execute([.updateProduct(product(9, "Ghost"))]) }
    }

    #expect(error?.reason == .rowNotFound)
    #expect(error?.category == .conflict)
  }
}
