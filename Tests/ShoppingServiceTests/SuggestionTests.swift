import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingStorage
import Testing

/// What the household has had before, over a real database file: what the page's add box
/// suggests (``ShoppingService/suggestions(matching:notOn:limit:)``), and the category a new
/// item is given when none is asked for.
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

    func add(
      _ name: String, _ quantity: String? = nil, _ unit: String? = nil, category: String? = nil,
      on list: String = "shopping"
    ) throws {
      try service.perform(
        .add(
          names: [name],
          changes: try ProductChanges(quantity: quantity, unit: unit, category: category)),
        onList: list, creatingIfMissing: true)
    }

    /// Adds `name`, checks it, and clears the list: a week's shopping.
    func buy(
      _ name: String, _ quantity: String = "1", _ unit: String? = nil, category: String? = nil,
      on list: String = "shopping"
    ) throws {
      try add(name, quantity, unit, category: category, on: list)
      try service.perform(.set(.checked, items: [.typed(name)]), onList: list)
      try service.perform(.clearChecked, onList: list)
    }

    func category(of name: String, on list: String = "shopping") throws -> String? {
      try service.list(named: list).product(named: name)?.category
    }
  }

  @Test func itemsHadBeforeComeMostOftenHadFirstWithTheirLastFields() throws {
    let fixture = try Fixture()
    try fixture.buy("Bread")
    try fixture.buy("Milk", "2", "l", category: "dairy")
    try fixture.buy("milk", "1", "l", category: "dairy")
    try fixture.buy("Crème fraîche", category: "dairy")
    // Added and removed unbought: had all the same.
    try fixture.add("Tea")
    try fixture.service.perform(.remove([.typed("Tea")]), onList: "shopping")

    let all = try fixture.service.suggestions(matching: "", notOn: "shopping")
    #expect(all.map(\.name).first == "milk")
    // The others once each, the most recently changed first (by name within one second).
    #expect(Set(all.dropFirst().map(\.name)) == ["Tea", "Crème fraîche", "Bread"])
    #expect(all.map(\.times) == [2, 1, 1, 1])
    #expect(all.first?.quantity == Quantity.one)
    #expect(all.first?.unit == "l")
    #expect(all.first?.category == "dairy")

    #expect(
      try fixture.service.suggestions(matching: "MIL", notOn: "shopping").map(\.name) == ["milk"])
    #expect(
      try fixture.service.suggestions(matching: "creme", notOn: "shopping").map(\.name)
        == ["Crème fraîche"])
    #expect(try fixture.service.suggestions(matching: "x", notOn: "shopping").isEmpty)
    #expect(try fixture.service.suggestions(matching: "", notOn: "shopping", limit: 1).count == 1)
  }

  @Test func anItemOnTheListNowIsNotSuggestedForItButIsForAnother() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk")
    try fixture.add("MILK")
    try fixture.add("Nails", on: "Hardware")

    #expect(
      try fixture.service.suggestions(matching: "", notOn: "shopping").map(\.name) == ["Nails"])
    let forHardware = try fixture.service.suggestions(matching: "", notOn: "hardware")
    // Once bought, and on the shopping list now: twice.
    #expect(forHardware.map(\.key) == [NameKey(lookingUp: "milk")])
    #expect(forHardware.map(\.times) == [2])
  }

  @Test func aDeletedListsItemsAreRemembered() throws {
    let fixture = try Fixture()
    try fixture.add("Cups", category: "party", on: "Party")
    try fixture.service.deleteList(named: "Party", force: true)

    let suggested = try fixture.service.suggestions(matching: "", notOn: "shopping")
    #expect(suggested.map(\.name) == ["Cups"])
    #expect(suggested.map(\.category) == ["party"])
  }

  @Test func anUndoneRemovalLeavesTheItemRememberedOnce() throws {
    let fixture = try Fixture()
    try fixture.add("Jam")
    try fixture.service.perform(.remove([.typed("Jam")]), onList: "shopping")
    try fixture.service.undo()

    // On the list again, so not suggested for it; remembered once, for another list.
    #expect(try fixture.service.suggestions(matching: "", notOn: "shopping").isEmpty)
    try fixture.add("Cups", on: "Party")
    #expect(
      try fixture.service.suggestions(matching: "", notOn: "Party").map(\.times) == [2])
  }

  @Test func anUnknownListIsRefused() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk")
    #expect(throws: ShoppingError.noSuchList("nowhere")) {
      try fixture.service.suggestions(matching: "", notOn: "nowhere")
    }
  }

  // MARK: - Categories remembered

  @Test func aNewItemGetsTheCategoryItsNameLastHad() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk", category: "dairy")

    try fixture.add("milk", "2", "l")

    #expect(try fixture.category(of: "milk") == "dairy")
  }

  @Test func theMostRecentlyChangedItemOfTheNameWinsOnAnyList() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk", category: "dairy")
    // Later, on another list, milk under another category, still there.
    Thread.sleep(forTimeInterval: 1.1)
    try fixture.add("Milk", category: "fridge", on: "Weekend")

    try fixture.add("Milk")

    #expect(try fixture.category(of: "Milk") == "fridge")
  }

  @Test func anAskedForCategoryOrAClearedOneIsKept() throws {
    let fixture = try Fixture()
    try fixture.buy("Milk", category: "dairy")

    try fixture.add("Milk", category: "drinks")
    try fixture.service.perform(.remove([.typed("Milk")]), onList: "shopping")
    try fixture.add("Oat milk", category: "dairy")
    try fixture.add("Bread", category: "")
    try fixture.add("Milk", on: "Other")
    try fixture.add("Milk", category: "", on: "Third")

    #expect(try fixture.category(of: "Milk", on: "Other") == "drinks")
    #expect(try fixture.category(of: "Milk", on: "Third") == nil)
    #expect(try fixture.category(of: "Bread") == nil)
  }

  @Test func anItemAlreadyOnTheListKeepsItsOwnCategory() throws {
    let fixture = try Fixture()
    try fixture.add("Milk", on: "Other")
    try fixture.buy("Milk", category: "dairy")
    try fixture.add("Milk", category: "", on: "Keep")

    try fixture.add("Milk", on: "Keep")

    #expect(try fixture.category(of: "Milk", on: "Keep") == nil)
  }
}
