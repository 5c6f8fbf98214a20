import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Loading state")
struct LoadingTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase
  let weekendID = UUID(counting: 2_000)

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries([product(1, "Milk", isChecked: true), product(2, "Bread")])
    try database.write { repository in
      try repository.execute([
        .insertList(id: weekendID, name: "Weekend", createdAt: now.addingTimeInterval(60)),
        .insertProduct(product(3, "Wine"), listID: weekendID),
      ])
    }
  }

  @Test func loadStateLoadsOnlyTheNamedListsUnderNormalisedComparison() throws {
    let state = try database.read { try $0.loadState(loadingListsNamed: ["  weekend "]) }

    #expect(state.lists.map(\.name) == ["Groceries", "Weekend"])
    #expect(state.lists.map(\.isLoaded) == [false, true])
    #expect(state.lists[0].products.isEmpty)
    #expect(state.lists[1].products.map(\.name) == ["Wine"])
  }

  /// Items sharing a sort key (as a file written by hand may have them) are numbered in the
  /// order the list loads them: by sort key, then by the order they were stored.
  @Test func positionsNumberItemsThatShareASortKeyInLoadingOrder() throws {
    try database.write { repository in
      try repository.execute([
        .insertProduct(product(4, "Eggs"), listID: groceriesID),
        .insertProduct(product(5, "Tea"), listID: groceriesID),
        .insertProduct(product(6, "Jam"), listID: groceriesID),
      ])
    }
    try database.raw("UPDATE product SET position = 7 WHERE name IN ('Bread', 'Eggs', 'Tea')")
    let loaded = try database.read { try $0.loadLists(named: ["Groceries"]) }
    let order = try #require(loaded.first).products.map(\.id)
    let positions = try database.read { try $0.positions(of: order, inList: groceriesID) }

    #expect(order.count == 5)
    #expect(order.map { positions[$0] } == [1, 2, 3, 4, 5])
  }

  @Test func loadListsReturnsTheNamedListsFullyLoaded() throws {
    let lists = try database.read { try $0.loadLists(named: ["GROCERIES", "nowhere"]) }

    #expect(lists.map(\.name) == ["Groceries"])
    #expect(lists.first?.products.map(\.name) == ["Milk", "Bread"])
  }

  @Test func listSummariesCountItemsAndChecks() throws {
    let summaries = try database.read { try $0.listSummaries() }

    #expect(
      summaries == [
        ListSummary(id: groceriesID, name: "Groceries", createdAt: now, items: 2, checked: 1),
        ListSummary(
          id: weekendID, name: "Weekend", createdAt: now.addingTimeInterval(60), items: 1,
          checked: 0
        ),
      ]
    )
  }

  @Test func timestampsAreStoredAsISO8601TextToTheSecond() throws {
    let stored = try database.withConnection { connection in
      try connection.text("SELECT createdAt FROM list WHERE name = 'Groceries'")
    }

    #expect(stored == "2026-11-18T11:06:40Z")
    #expect(Timestamp.date(from: "2026-11-18T11:06:40Z") == now)
    #expect(Timestamp.date(from: "2026-02-30T00:00:00Z") == nil)
  }

  @Test func namesTravelToSQLiteAsAJSONArrayUnchanged() throws {
    let names = [
      "plain", #"say "cheese""#, #"back\slash"#, "tab\there", "line\nbreak", "\u{1}\u{1F}",
      "Crème fraîche", "🥛 milk", "",
    ]
    let decoded = try database.withConnection { connection in
      var values: [String] = []
      try connection.query("SELECT value FROM json_each(?)", [.text(jsonArray(names))]) {
        row throws(DatabaseError) in values.append(row.text(0))
      }
      return values
    }
    #expect(decoded == names)
  }

  @Test func aPartialListTakesTheKeysItWasToldAreAbsentWithoutLookingThemUp() throws {
    let groceries = try #require(
      try database.read { try $0.loadState(loadingListsNamed: []) }.lists.first)

    let (part, work) = try database.read { repository in
      let before = repository.statistics
      let part = try repository.partialList(
        groceries, keys: ["milk"], ids: [], absentKeys: ["cheese", "wine"]
      )
      return (part, repository.statistics - before)
    }

    #expect(part.products.map(\.name) == ["Milk"])
    #expect(part.loading == .partial(keys: ["milk", "cheese", "wine"]))
    #expect(work.statementsExecuted == 1)
  }

  @Test func listIsEmptyTellsAnEmptyListFromOneWithItems() throws {
    let emptyID = UUID(counting: 3_000)
    try database.write { repository in
      try repository.execute([.insertList(id: emptyID, name: "Empty", createdAt: now)])
    }

    let answers = try database.read { repository in
      (try repository.listIsEmpty(emptyID), try repository.listIsEmpty(weekendID))
    }

    #expect(answers == (true, false))
  }
}
