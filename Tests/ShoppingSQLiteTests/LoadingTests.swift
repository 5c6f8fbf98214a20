import Foundation
import ShoppingCore
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
}
