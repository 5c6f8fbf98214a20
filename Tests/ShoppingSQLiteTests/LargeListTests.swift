import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("A list of 100,000 products")
struct LargeListTests {
  static let count = 100_000

  @Test func loadsInOrderAndAToggleWritesOnlyThatRow() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries((1...UInt64(Self.count)).map { product($0, "Item \($0)") })
    let toggled = productID(UInt64(Self.count / 2))

    let (state, work) = try database.write { repository in
      let state = try repository.loadState(loadingListsNamed: ["Groceries"])
      let store = repository.makeStore(
        initialState: state, reducer: ShoppingReducer(environment: .deterministic(now: now))
      )
      let before = repository.statistics
      try store.send(.list(groceriesID, .product(toggled, .toggled)))
      return (store.state, repository.statistics - before)
    }

    let products = try #require(state.lists.first?.products)
    #expect(products.count == Self.count)
    #expect(products.first?.name == "Item 1")
    #expect(products.last?.name == "Item \(Self.count)")
    // SAVEPOINT, the row's earlier version read for the history entry, the UPDATE of the
    // row's name key (which matches nothing: the name stays), the UPDATE of the row, RELEASE.
    #expect(work.statementsExecuted == 5)
    #expect(work.rowsChanged == 1)
    #expect(work.virtualMachineSteps < 200)
    let checked = try database.rawInteger("SELECT count(*) FROM product WHERE isChecked")
    #expect(checked == 1)
  }

  @Test func aSingleItemCommandReadsOnlyTheRowsItNames() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries((1...UInt64(Self.count)).map { product($0, "Item \($0)") })

    let (found, work) = try database.write { repository in
      let before = repository.statistics
      let lookup = repository.productLookup(inList: groceriesID)
      let byName = try ProductReference.resolve("ITEM 77777", in: lookup, listName: "Groceries")
      let byPrefix = try ProductReference.resolve("item 9999", in: lookup, listName: "Groceries")
      let byPosition = try ProductReference.resolve("42", in: lookup, listName: "Groceries")
      let header = ShoppingList(
        id: groceriesID, name: "Groceries", createdAt: now, isLoaded: false
      )
      let named = try repository.partialList(header, keys: ["item 5"], ids: []).products.elements
      let byID = try repository.partialList(header, keys: [], ids: [byName.id]).products.elements
      return ([byName, byPrefix, byPosition] + named + byID, repository.statistics - before)
    }

    #expect(found.map(\.name) == ["Item 77777", "Item 9999", "Item 42", "Item 5", "Item 77777"])
    // One indexed query per lookup (the prefix needs its exact-name miss first, and a second
    // query only to list candidates when ambiguous): never a read of the whole list.
    #expect(work.statementsExecuted <= 7)
    // A read of the list would take hundreds of thousands of steps; the position lookup walks
    // the first 42 entries of the position index.
    #expect(work.virtualMachineSteps < 2_000)
  }

  @Test func manyNumbersAreResolvedInOneWalkOfTheList() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries((1...UInt64(Self.count)).map { product($0, "Item \($0)") })
    let references = stride(from: 40_000, through: 2, by: -2).map(String.init)

    let (found, work) = try database.write { repository in
      let before = repository.statistics
      let lookup = repository.productLookup(inList: groceriesID)
      let found = try ProductReference.resolve(references, in: lookup, listName: "Groceries")
      return (found, repository.statistics - before)
    }

    #expect(found.map(\.name) == references.map { "Item \($0)" })
    #expect(work.statementsExecuted == 1)
    // One at a time, each number would walk the list from its start: 400 million steps.
    #expect(work.virtualMachineSteps < 5_000_000)
  }

  @Test func aPrefixLookupUsesTheNameIndexAndIsExact() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries([
      product(1, "Crème fraîche"), product(2, "Crèmes"), product(3, "Cress"), product(4, "Cr"),
    ])

    let matches = try database.write { repository in
      let lookup = repository.productLookup(inList: groceriesID)
      return try lookup.products(withKeyPrefix: Naming.key("crè"), limit: nil).map(\.name)
    }
    #expect(Set(matches) == ["Crème fraîche", "Crèmes"])

    let plan = try database.withConnection { connection in
      var details: [String] = []
      try connection.query(
        """
        EXPLAIN QUERY PLAN
        SELECT id FROM product WHERE listId = ? AND nameKey >= ? AND nameKey < ?
        """,
        [.id(groceriesID), .text("a"), .text("b")]
      ) { row in details.append(row.text(3)) }
      return details.joined(separator: "\n")
    }
    #expect(plan.contains("product_listId_nameKey"))
  }

  @Test func productsOfAListAreReadThroughThePositionIndex() throws {
    let folder = try TemporaryFolder()
    let database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))

    let plan = try database.withConnection { connection in
      var details: [String] = []
      try connection.query(
        """
        EXPLAIN QUERY PLAN
        SELECT id, name, isChecked, quantity, unit, category, note, addedAt, updatedAt
        FROM product
        WHERE listId = ?
        ORDER BY position, rowid
        """,
        [.id(groceriesID)]
      ) { row in details.append(row.text(3)) }
      return details.joined(separator: "\n")
    }

    #expect(plan.contains("USING INDEX product_listId_position"))
    #expect(!plan.contains("TEMP B-TREE"))
  }
}
