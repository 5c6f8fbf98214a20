import Foundation
import ShoppingCore
import ShoppingService
import Testing

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
}
