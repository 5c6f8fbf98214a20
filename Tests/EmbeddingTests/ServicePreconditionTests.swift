import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingTransfer
import Testing

/// A conditional intent applies only to what its author saw: checked in the service's write
/// transaction, so every front end gets the same rule. The clock stands still, so every
/// change below happens within one second.
@Suite final class ServicePreconditionTests {
  let folder = FileManager.default.temporaryDirectory.appending(path: "precondition-\(UUID())")
  let service: ShoppingService

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    service = try ShoppingService(
      path: folder.appending(path: "shopping.sqlite").path,
      environment: .deterministic(now: Date(timeIntervalSince1970: 1_795_000_000)))
    try service.perform(.add(names: ["Milk", "Bread", "Cheese"], changes: .none), onList: nil)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The item as another person's page last showed it.
  func seen(_ name: String) throws -> Product {
    try #require(try service.list(named: nil).product(named: name))
  }

  /// Everything a refused intent must leave alone: the list and the newest history entry.
  func snapshot() throws -> [String] {
    [ListDocuments.list(try service.list(named: nil)), "\(try service.history(limit: 1))"]
  }

  /// Runs `intent`, which must be refused as `PreconditionFailure`, and returns the failure.
  func refused(_ intent: ListIntent) throws -> PreconditionFailure {
    let before = try snapshot()
    var failure: PreconditionFailure?
    do {
      try service.perform(intent, onList: nil)
    } catch let error as PreconditionFailure {
      failure = error
    }
    #expect(try snapshot() == before, "a refused intent changes nothing")
    return try #require(failure)
  }

  @Test func aChangeToAnItemAsItWasSeenApplies() throws {
    let bread = try seen("Bread")
    try service.perform(
      ListIntent.set(.checked, items: [.id(bread.id)]).only(if: .unchangedSince(bread.updatedAt)),
      onList: nil)
    #expect(try seen("Bread").isChecked)
  }

  @Test func aChangeToAnItemChangedMeanwhileInTheSameSecondIsRefused() throws {
    let bread = try seen("Bread")
    try service.perform(.set(.checked, items: [.typed("bread")]), onList: nil)  // someone else

    let failure = try refused(
      ListIntent.edit(.id(bread.id), name: nil, changes: try ProductChanges(note: "rye"))
        .only(if: .unchangedSince(bread.updatedAt)))
    #expect(failure.item == (try seen("Bread")))
    #expect(failure.item.isChecked && failure.item.note == nil)
    #expect(failure.position == 2)
    #expect(failure.list == "shopping")
    #expect(
      failure.description
        == #"item "Bread" in list "shopping" changed since 2026-11-18T11:06:40Z "#
        + #"(now 2026-11-18T11:06:40.000001Z); left as it is"#)
  }

  @Test func aRemoveOfAnItemChangedMeanwhileIsRefusedAndOneAsSeenApplies() throws {
    let cheese = try seen("Cheese")
    try service.perform(
      .edit(.typed("cheese"), name: nil, changes: try ProductChanges(note: "brie")), onList: nil)

    let failure = try refused(
      ListIntent.remove([.id(cheese.id)]).only(if: .unchangedSince(cheese.updatedAt)))
    #expect(failure.item.note == "brie" && failure.position == 3)

    let current = try seen("Cheese")
    try service.perform(
      ListIntent.remove([.id(cheese.id)]).only(if: .unchangedSince(current.updatedAt)),
      onList: nil)
    #expect(try service.list(named: nil).product(named: "Cheese") == nil)
  }

  @Test func anAddOnlyIfAbsentKeepsTheItemSomeoneElseAddedMeanwhile() throws {
    try service.perform(
      .add(names: ["Yogurt"], changes: try ProductChanges(quantity: "6")), onList: nil)
    try service.perform(.set(.checked, items: [.typed("yogurt")]), onList: nil)

    let failure = try refused(
      ListIntent.add(names: ["yogurt"], changes: try ProductChanges(quantity: "2"))
        .only(if: .absent))
    #expect(failure.item.quantity == 6 && failure.item.isChecked)
    #expect(failure.position == 4)
    #expect(
      failure.description == #"an item named "Yogurt" is already in list "shopping"; left as it is"#
    )

    try service.perform(
      ListIntent.add(names: ["Butter"], changes: .none).only(if: .absent), onList: nil)
    #expect(try seen("Butter").quantity == 1)
  }

  @Test func anAddToAnItemAsItWasSeenMergesAndOneGoneMeanwhileIsNotFound() throws {
    let milk = try seen("Milk")
    try service.perform(
      ListIntent.add(names: ["milk"], changes: try ProductChanges(quantity: "2"))
        .only(if: .unchangedSince(milk.updatedAt)),
      onList: nil)
    #expect(try seen("Milk").quantity == 2)

    let now = try seen("Milk")
    try service.perform(.remove([.typed("milk")]), onList: nil)  // someone else
    let before = try snapshot()
    #expect(throws: ShoppingError.noSuchItem("milk", list: "shopping")) {
      try service.perform(
        ListIntent.add(names: ["milk"], changes: .none).only(if: .unchangedSince(now.updatedAt)),
        onList: nil)
    }
    #expect(try snapshot() == before)
  }

  @Test func aChangeToAnItemGoneMeanwhileIsNotFound() throws {
    let bread = try seen("Bread")
    try service.perform(.remove([.typed("bread")]), onList: nil)
    #expect(throws: ShoppingError.noSuchItem(bread.id.uuidString, list: "shopping")) {
      try service.perform(
        ListIntent.remove([.id(bread.id)]).only(if: .unchangedSince(bread.updatedAt)),
        onList: nil)
    }
  }

  @Test func aBadNameIsRefusedAsABadNameBeforeAnyPrecondition() throws {
    #expect(throws: ShoppingError.invalidName("  ", problem: .empty)) {
      try service.perform(
        ListIntent.add(names: ["  "], changes: .none).only(if: .unchangedSince(.now)),
        onList: nil)
    }
  }

  @Test func theFailuresPositionIsInTheWholeListWhenOnlyTheItemWasLoaded() throws {
    try service.perform(
      .add(names: (1...40).map { "Item \($0)" }, changes: .none), onList: nil)
    let item = try seen("Item 30")
    try service.perform(.set(.toggled, items: [.typed("item 30")]), onList: nil)
    // Not asking for the complete list: only Item 30 is loaded for the check.
    let failure = try refused(
      ListIntent.set(.unchecked, items: [.id(item.id)]).only(if: .unchangedSince(item.updatedAt)))
    #expect(failure.position == 33)
  }
}
