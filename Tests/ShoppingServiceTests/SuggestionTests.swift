import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingStorage
import ShoppingService
import Testing

@testable import ShoppingSQLite

/// ``ShoppingService/boughtItems(matching:notOn:limit:)`` over a real database file: what the
/// page's add box suggests, from history.
@Suite struct SuggestionTests {
  final class Fixture {
    let folder: URL
    let service: ShoppingService

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shoplist-suggestions-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      service = try ShoppingService(path: folder.appendingPathComponent("shoplist.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Adds `name` to `list` with `quantity` and `unit`, checks it, and clears the list: a
    /// week's shopping.
    func buy(
      _ name: String, _ quantity: String = "1", _ unit: String? = nil, category: String? = nil,
      on list: String = "shopping"
    ) throws {
      try service.perform(
        .add(names: [name], changes: try ProductChanges(
          quantity: quantity, unit: unit, category: category)),
        onList: list, creatingIfMissing: true)
      try service.perform(.set(.checked, items: [.typed(name)]), onList: list)
      try service.perform(.clearChecked, onList: list)
    }
  }

  @Test func itemsBoughtBeforeComeMostOftenBoughtFirstWithTheirLastAmount() throws {
    let fixture = try Fixture()
    try fixture.buy("Bread")
    try fixture.buy("Milk", "2", "l", category: "dairy")
    try fixture.buy("milk", "1", "l", category: "dairy")
    try fixture.buy("Crème fraîche", category: "dairy")
    // Added but never checked: not bought.
    try fixture.service.perform(.add(names: ["Tea"], changes: .none), onList: "shopping")
    try fixture.service.perform(.remove([.typed("Tea")]), onList: "shopping")

    let all = try fixture.service.boughtItems(matching: "", notOn: "shopping")
    #expect(all.map(\.name) == ["milk", "Crème fraîche", "Bread"])
    #expect(all.map(\.times) == [2, 1, 1])
    #expect(all.first?.quantity == Quantity.one)
    #expect(all.first?.unit == "l")
    #expect(all.first?.category == "dairy")

    #expect(try fixture.service.boughtItems(matching: "MIL", notOn: "shopping").map(\.name)
      == ["milk"])
    #expect(try fixture.service.boughtItems(matching: "creme", notOn: "shopping").map(\.name)
      == ["Crème fraîche"])
    #expect(try fixture.service.boughtItems(matching: "x", notOn: "shopping").isEmpty)
    #expect(try fixture.service.boughtItems(matching: "", notOn: "shopping", limit: 1).count == 1)
  }

  @Test func anItemOnTheListNowIsNotSuggestedForThatList() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk")
    try fixture.service.perform(.add(names: ["MILK"], changes: .none), onList: "shopping")
    try fixture.service.perform(
      .add(names: ["Nails"], changes: .none), onList: "Hardware", creatingIfMissing: true)
    #expect(try fixture.service.boughtItems(matching: "", notOn: "shopping").isEmpty)
    #expect(
      try fixture.service.boughtItems(matching: "", notOn: "hardware").map(\.name) == ["Milk"])
  }

  @Test func aCheckTakenBackIsNoPurchaseAndACheckedItemRemovedCountsOnce() throws {
    let fixture = try Fixture()
    try fixture.service.perform(.add(names: ["Eggs", "Jam"], changes: .none), onList: "shopping")
    try fixture.service.perform(.set(.checked, items: [.typed("Eggs")]), onList: "shopping")
    try fixture.service.undo()
    try fixture.service.perform(.set(.checked, items: [.typed("Jam")]), onList: "shopping")
    try fixture.service.perform(.clearChecked, onList: "shopping")
    try fixture.service.perform(
      .add(names: ["Cups"], changes: .none), onList: "Party", creatingIfMissing: true)
    // Eggs is still on "shopping": asked for another list, only its undone check is why it
    // is not suggested.
    let bought = try fixture.service.boughtItems(matching: "", notOn: "Party")
    #expect(bought.map(\.name) == ["Jam"])
    #expect(bought.map(\.times) == [1])
  }

  @Test func anUnknownListIsRefused() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk")
    #expect(throws: ShoppingError.noSuchList("nowhere")) {
      try fixture.service.boughtItems(matching: "", notOn: "nowhere")
    }
  }

  // MARK: - A bounded scan

  /// The records of every entry, by number, with their stored sizes.
  private static func records(
    _ fixture: Fixture
  ) throws -> [(id: Int, change: ChangeRecord, size: Int)] {
    try fixture.service.sqlite.read { repository in
      let ids = try repository.history(limit: 1_000).map(\.id)
      return try repository.historyRecords(ids).map {
        ($0.entry.id, $0.change, ChangeRecordCodec.encode($0.change).count)
      }
    }
  }

  private static func scan(_ fixture: Fixture, budget: Int, largest: Int) throws -> [ChangeRecord] {
    try fixture.service.sqlite.read {
      try $0.recentChangeRecords(byteBudget: budget, largest: largest)
    }
  }

  @Test func theScanReadsTheNewestRecordsThatFitItsBudgetNewestFirst() throws {
    let fixture = try Fixture()
    for name in ["Apples", "Bread", "Cheese", "Dates"] { try fixture.buy(name) }
    let all = try Self.records(fixture)
    #expect(all.count == 12)
    let newest = Array(all.suffix(3))
    let budget = newest.map(\.size).reduce(0, +)
    #expect(
      try Self.scan(fixture, budget: budget, largest: budget) == newest.reversed().map(\.change))
    // A byte less and the oldest of the three no longer fits.
    #expect(
      try Self.scan(fixture, budget: budget - 1, largest: budget)
        == newest.suffix(2).reversed().map(\.change))
    #expect(
      try Self.scan(fixture, budget: 1 << 30, largest: 1 << 30) == all.reversed().map(\.change))
  }

  @Test func aRecordLargerThanTheLimitIsSkippedAndOlderOnesStillRead() throws {
    let fixture = try Fixture()
    try fixture.buy("Bread")
    // One large change: a hundred items at once.
    try fixture.service.perform(
      .add(names: (1...100).map { "Item \($0)" }, changes: .none), onList: "shopping")
    try fixture.buy("Milk")
    let all = try Self.records(fixture)
    let large = try #require(all.max { $0.size < $1.size })
    #expect(large.size > 10 * all.filter { $0.id != large.id }.map(\.size).max()!)
    let read = try Self.scan(fixture, budget: 1 << 30, largest: large.size - 1)
    #expect(read == all.reversed().filter { $0.id != large.id }.map(\.change))
    #expect(try fixture.service.boughtItems(matching: "", notOn: "shopping").map(\.name)
      .sorted() == ["Bread", "Milk"])
  }

  @Test func undoneEntriesAndUndosAreNotRead() throws {
    let fixture = try Fixture()
    try fixture.buy("Bread")
    try fixture.buy("Milk")
    let before = try Self.records(fixture)
    try fixture.service.undo()  // the clear of Milk
    let read = try Self.scan(fixture, budget: 1 << 30, largest: 1 << 30)
    #expect(read == before.dropLast().reversed().map(\.change))
  }
}
