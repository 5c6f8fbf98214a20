import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

/// Every change moves an item's `updatedAt` to a new value, even two changes within one
/// second or a clock behind the item's time: whoever compares `updatedAt` with the one they
/// last saw (a page replaying offline changes) must see each change. Within one second it
/// moves a microsecond a change, so that no rate of changes takes it ahead of the clock.
/// Changes that change nothing leave it alone.
@Suite struct UpdatedAtTests {
  /// `product` as last changed at `time`.
  func changed(_ product: Product, at time: Date) -> Product {
    var copy = product
    copy.updatedAt = time
    return copy
  }

  func productStore(_ start: Product) -> TestStore<Product, ProductAction, PersistenceEffect> {
    TestStore(initialState: start, reducer: ProductReducer(environment: environment()))
  }

  func listStore(_ start: ShoppingList) -> TestStore<
    ShoppingList, ShoppingListAction, PersistenceEffect
  > {
    TestStore(initialState: start, reducer: ShoppingListReducer(environment: environment()))
  }

  @Test func aChangeASecondOrMoreLaterTakesTheTimeOfTheChange() {
    let store = productStore(milk)  // last changed long before `now`
    var checked = changed(milk, at: now)
    checked.isChecked = true
    store.send(.checked, effects: [.updateProduct(checked)]) { $0 = checked }
  }

  @Test func changesWithinOneSecondEachMoveItOneMicrosecondOn() {
    // The clock stands still at `now`: check, uncheck, toggle.
    let store = productStore(milk)
    var expected = milk
    for (action, checked, microseconds) in [
      (ProductAction.checked, true, Int64(0)), (.unchecked, false, 1), (.toggled, true, 2),
    ] {
      expected.isChecked = checked
      expected.updatedAt = now.movedOn(microseconds: microseconds)
      let state = expected
      store.send(action, effects: [.updateProduct(state)]) { $0 = state }
    }
  }

  @Test func aClockBehindTheItemsTimeStillMovesItForward() {
    let later = now.addingTimeInterval(3_600)
    let fromTheFuture = changed(milk, at: later)
    let store = productStore(fromTheFuture)
    var checked = changed(fromTheFuture, at: later.movedOn(microseconds: 1))
    checked.isChecked = true
    store.send(.checked, effects: [.updateProduct(checked)]) { $0 = checked }
  }

  @Test func aChangeThatChangesNothingLeavesItAlone() throws {
    let store = productStore(changed(milk, at: now))
    store.send(.unchecked)
    store.send(.edited(try ProductChanges(quantity: "2", unit: "l")))
  }

  @Test func renameResetAndAddInTheSameSecondEachMoveItOn() throws {
    let start = changed(eggs, at: now)  // checked, changed this very second
    let store = listStore(list("shopping", [start]))

    var expected = start
    expected.name = "Free-range eggs"
    expected.updatedAt = now.movedOn(microseconds: 1)
    let renamed = expected
    store.send(.rename(eggs.id, to: "Free-range eggs"), effects: [.updateProduct(renamed)]) {
      $0.setName("Free-range eggs", ofProductAt: 0)
      $0.products[id: eggs.id] = renamed
    }

    expected.isChecked = false
    expected.updatedAt = now.movedOn(microseconds: 2)
    let reset = expected
    store.send(.resetChecks, effects: [.updateProduct(reset)]) {
      $0.products[id: eggs.id] = reset
    }

    expected.quantity = 6
    expected.updatedAt = now.movedOn(microseconds: 3)
    let merged = expected
    store.send(
      .add(name: "Free-range eggs", try ProductChanges(quantity: "6")),
      effects: [.updateProduct(merged)]
    ) { $0.products[id: eggs.id] = merged }
  }

  @Test func oneImportIsOneChangeHoweverManyRowsNameTheItem() throws {
    // Milk was last changed this second; two rows of one import change it.
    let start = changed(milk, at: now)
    let reducer = ShoppingReducer(environment: environment())
    let store = TestStore(
      initialState: ShoppingState(lists: [list("shopping", [start])]), reducer: reducer)
    let rows = [
      ImportRow(line: 1, name: "Milk", changes: try ProductChanges(quantity: "5")),
      ImportRow(line: 2, name: "Milk", changes: try ProductChanges(quantity: "4")),
    ]
    let options = ImportOptions(targetList: "shopping")
    var five = start
    five.quantity = 5
    five.updatedAt = now.movedOn(microseconds: 1)
    var four = five
    four.quantity = 4
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows(rows), effects: [.updateProduct(five), .updateProduct(four)]) {
      $0.lists[id: fixtureID(900)]?.products[id: milk.id] = four
      $0.importProgress?.record(rows: rows, lists: $0.lists)
    }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(updated: 1) }

    // A file of the item as it now is changes nothing, its time included.
    let again = [ImportRow(line: 1, name: "Milk", changes: try ProductChanges(quantity: "4"))]
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows(again)) { $0.importProgress?.record(rows: again, lists: $0.lists) }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(unchanged: 1) }
  }

  @Test func theNextTimeIsNowOrOneMicrosecondAfterThePrevious() {
    let ten = Date(timeIntervalSince1970: 10)
    #expect(Timestamp.after(ten, now: ten) == ten.movedOn(microseconds: 1))
    #expect(
      Timestamp.after(ten, now: Date(timeIntervalSince1970: 5)) == ten.movedOn(microseconds: 1))
    #expect(
      Timestamp.after(ten, now: Date(timeIntervalSince1970: 11)) == Date(timeIntervalSince1970: 11))
    #expect(
      Timestamp.after(ten, now: Date(timeIntervalSince1970: 15)) == Date(timeIntervalSince1970: 15))
    // A time with a fraction counts by the microsecond it is shown as.
    let shown = ten.movedOn(microseconds: 700_000)
    #expect(
      Timestamp.after(shown, now: Date(timeIntervalSince1970: 10.7))
        == shown.movedOn(microseconds: 1))
  }

  @Test func aMillionChangesWithinOneSecondStayWithinASecondOfIt() {
    // The clock stands still: however many changes, the time moves less than a second.
    var time = now
    for _ in 0..<1_000_000 { time = Timestamp.after(time, now: now) }
    #expect(time == now.movedOn(microseconds: 1_000_000))
    #expect(time <= now.addingTimeInterval(1))
  }

  @Test func aTimeIsWrittenToTheMicrosecondOnlyWhenItHasAFraction() {
    #expect(Timestamp.preciseString(from: now) == Timestamp.string(from: now))
    let next = Date(timeIntervalSince1970: 1_795_000_000).movedOn(microseconds: 1)
    #expect(Timestamp.preciseString(from: next) == "2026-11-18T11:06:40.000001Z")
    #expect(Timestamp.string(from: next) == "2026-11-18T11:06:40Z")
    #expect(Timestamp.date(from: "2026-11-18T11:06:40.000001Z") == next)
    for malformed in [
      "2026-11-18T11:06:40.1Z", "2026-11-18T11:06:40.000Z", "2026-11-18T11:06:40.Z",
    ] {
      #expect(Timestamp.date(from: malformed) == nil, "\(malformed)")
    }
  }
}
