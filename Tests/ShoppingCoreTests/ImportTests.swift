import ComposableTesting
import Foundation
import IdentifiedCollections
import Testing

@testable import ShoppingCore

@Suite struct ImportTests {
  func makeStore(
    _ lists: [ShoppingList] = [groceries()]
  ) -> TestStore<ShoppingState, ShoppingAction, PersistenceEffect> {
    TestStore(
      initialState: ShoppingState(lists: IdentifiedArray(uniqueElements: lists)),
      reducer: ShoppingReducer(environment: environment())
    )
  }

  func row(
    _ line: Int, _ name: String, list: String? = nil, id: UUID? = nil, quantity: String? = nil,
    checked: Bool? = nil
  ) throws -> ImportRow {
    ImportRow(
      line: line, id: id, name: name, list: list,
      changes: try ProductChanges(quantity: quantity, isChecked: checked)
    )
  }

  /// Runs a whole merge import of `rows` in one batch, asserting every step.
  func runImport(
    _ store: TestStore<ShoppingState, ShoppingAction, PersistenceEffect>, _ rows: [ImportRow],
    effects: [PersistenceEffect],
    assert update: @escaping (inout ShoppingState) -> Void, summary: ImportSummary
  ) {
    let options = ImportOptions(targetList: "shopping")
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    let progressBefore = store.state.importProgress
    store.send(.importRows(rows), effects: effects) { state in
      update(&state)
      state.importProgress = progressBefore
      state.importProgress?.record(rows: rows, lists: state.lists)
    }
    store.send(.finishImport) { $0.importProgress?.summary = summary }
  }

  @Test func newRowsAreAppendedAndExistingOnesUpdatedOrLeftAlone() throws {
    let store = makeStore()
    let tea = Product(id: UUID(counting: 1), name: "Tea", addedAt: now)
    let moreMilk = milk.with { $0.quantity = 3 }

    runImport(
      store, [try row(1, "Tea"), try row(2, "milk", quantity: "3"), try row(3, "Bread")],
      effects: [
        .insertProduct(tea, listID: fixtureID(900)),
        .updateProduct(moreMilk.with { $0.name = "milk" }),
      ],
      assert: { state in
        state.lists[id: fixtureID(900)]?.append(tea)
        state.lists[id: fixtureID(900)]?.setName("milk", ofProductAt: 0)
        state.lists[id: fixtureID(900)]?.products[id: milk.id] = moreMilk.with { $0.name = "milk" }
      },
      summary: ImportSummary(added: 1, updated: 1, unchanged: 1)
    )
  }

  @Test func importingTheSameRowsAgainChangesNothing() throws {
    let rows = [try row(1, "Tea"), try row(2, "Milk", quantity: "3"), try row(3, "Bread")]
    let reducer = ShoppingReducer(environment: environment())
    var state = ShoppingState(lists: [groceries()])
    for _ in 1...2 {
      _ = try reducer.reduce(
        into: &state, action: .startImport(ImportOptions(targetList: "shopping")))
      _ = try reducer.reduce(into: &state, action: .importRows(rows))
      _ = try reducer.reduce(into: &state, action: .finishImport)
    }
    let afterFirst = state

    let store = TestStore(initialState: afterFirst, reducer: reducer)
    let options = ImportOptions(targetList: "shopping")
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows(rows)) { $0.importProgress?.record(rows: rows, lists: $0.lists) }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(unchanged: 3) }
  }

  @Test func rowsNamingTheSameItemTwiceLastWinsAndARoundTripLeavesTimestamps() throws {
    // 2 then back to the original 2: the item ends as it began, updatedAt included.
    let store = makeStore()
    let rows = [try row(1, "Milk", quantity: "5"), try row(2, "Milk", quantity: "2")]
    let options = ImportOptions(targetList: "shopping")
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(
      .importRows(rows),
      effects: [.updateProduct(milk.with { $0.quantity = 5 }), .updateProduct(milk)]
    ) { $0.importProgress?.record(rows: rows, lists: $0.lists) }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(unchanged: 1) }
  }

  @Test func replaceModeRemovesWhatTheFileDoesNotName() throws {
    let store = makeStore()
    let rows = [try row(1, "Milk")]
    let options = ImportOptions(targetList: "shopping", mode: .replace)
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows(rows)) { $0.importProgress?.record(rows: rows, lists: $0.lists) }
    store.send(.finishImport, effects: [.deleteProducts([eggs.id, bread.id])]) {
      _ = $0.lists[id: fixtureID(900)]?.removeProducts { $0.id != milk.id }
      $0.importProgress?.summary = ImportSummary(
        unchanged: 1, removed: 2,
        removedItems: [eggs, bread].map { .init(name: $0.name, list: "shopping") }
      )
    }
  }

  @Test func rowsGoToTheirListWhichIsCreatedIfMissing() throws {
    let store = makeStore()
    let created = ShoppingList(id: UUID(counting: 1), name: "Party", createdAt: now)
    let chips = Product(id: UUID(counting: 2), name: "Chips", addedAt: now)
    runImport(
      store, [try row(1, "Chips", list: "Party")],
      effects: [
        .insertList(id: created.id, name: "Party", createdAt: now),
        .insertProduct(chips, listID: created.id),
      ],
      assert: { state in
        var party = created
        party.append(chips)
        state.lists.append(party)
      },
      summary: ImportSummary(added: 1)
    )
  }

  @Test func anItemAddedToAListTheImportCreatedAndNamedAgainIsAddedOnceAndKept() throws {
    // Replace mode, so that an item the import is not known to have added would be removed.
    let store = makeStore()
    let created = ShoppingList(id: UUID(counting: 1), name: "Party", createdAt: now)
    let chips = Product(id: UUID(counting: 2), name: "Chips", addedAt: now)
    let rows = [
      try row(1, "Chips", list: "Party"), try row(2, "chips", list: "Party", quantity: "3"),
    ]
    let options = ImportOptions(targetList: "shopping", mode: .replace)
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    let more = chips.with {
      $0.name = "chips"
      $0.quantity = 3
    }
    store.send(
      .importRows(rows),
      effects: [
        .insertList(id: created.id, name: "Party", createdAt: now),
        .insertProduct(chips, listID: created.id), .updateProduct(more),
      ]
    ) { state in
      var party = created
      party.append(chips)
      party.setName("chips", ofProductAt: 0)
      party.products[id: chips.id] = more
      state.lists.append(party)
      state.importProgress?.record(rows: rows, lists: state.lists)
    }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(added: 1) }
  }

  @Test func aRowWithAKnownIdUpdatesThatItemEvenUnderAnotherName() throws {
    let store = makeStore()
    let renamed = milk.with { $0.name = "Oat milk" }
    runImport(
      store, [try row(1, "Oat milk", id: milk.id)],
      effects: [.updateProduct(renamed)],
      assert: { state in
        state.lists[id: fixtureID(900)]?.setName("Oat milk", ofProductAt: 0)
        state.lists[id: fixtureID(900)]?.products[id: milk.id] = renamed
      },
      summary: ImportSummary(updated: 1)
    )
  }

  @Test func aRowWithTheIdOfAnotherListsItemAddsANewItemWithAFreshID() throws {
    // Given milk on "shopping" and an empty "Party" list
    let store = makeStore([groceries(), list("Party", id: 901)])
    let newMilk = Product(id: UUID(counting: 1), name: "Milk", addedAt: now)

    // When a row for "Party" carries milk's id, Then milk stays where it is and Party gets a
    // new item under a fresh id
    runImport(
      store, [try row(1, "Milk", list: "Party", id: milk.id)],
      effects: [.insertProduct(newMilk, listID: fixtureID(901))],
      assert: { state in state.lists[id: fixtureID(901)]?.append(newMilk) },
      summary: ImportSummary(added: 1)
    )
  }

  @Test func aRowWhoseNewNameBelongsToAnotherItemIsRejected() throws {
    let store = makeStore()
    let rows = [try row(7, "Bread", id: milk.id)]
    let options = ImportOptions(targetList: "shopping")
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows(rows)) { state in
      state.importProgress?.record(rows: rows, lists: state.lists)
      state.importProgress?.reject(
        line: 7, error: .itemNameTaken("Bread", list: "shopping")
      )
    }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(invalid: 1) }
  }

  @Test func rowsWithoutAStartedImportAreRefused() throws {
    let store = makeStore()
    store.send(.importRows([try row(1, "Tea")]), throws: ShoppingError.noImportInProgress)
    store.send(.finishImport, throws: ShoppingError.noImportInProgress)
    store.send(.importListWasEmpty(fixtureID(900)), throws: ShoppingError.noImportInProgress)
  }

  @Test func anItemAddedToAListFoundEmptyAndNamedAgainIsAddedOnceAndKept() throws {
    let empty = ShoppingList(id: fixtureID(900), name: "shopping", createdAt: earlier)
    let store = makeStore([empty])
    let tea = Product(id: UUID(counting: 1), name: "Tea", addedAt: now)
    let rows = [try row(1, "Tea"), try row(2, "Tea", quantity: "2")]
    let options = ImportOptions(targetList: "shopping", mode: .replace)
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importListWasEmpty(empty.id))
    let more = tea.with { $0.quantity = 2 }
    store.send(
      .importRows(rows),
      effects: [.insertProduct(tea, listID: empty.id), .updateProduct(more)]
    ) { state in
      state.lists[id: empty.id]?.append(more)
      state.importProgress?.record(rows: rows, lists: state.lists)
    }
    store.send(.finishImport) { $0.importProgress?.summary = ImportSummary(added: 1) }
  }

  @Test func rowsForAListThatWasNotLoadedAreRefused() throws {
    let header = ShoppingList(
      id: fixtureID(900), name: "shopping", createdAt: earlier, isLoaded: false)
    let store = makeStore([header])
    let options = ImportOptions(targetList: "shopping")
    store.send(.startImport(options)) { $0.importProgress = ImportProgress(options: options) }
    store.send(.importRows([try row(1, "Tea")]), throws: ShoppingError.listNotLoaded("shopping"))
  }
}

extension ImportProgress {
  /// The bookkeeping `rows` leave behind, computed independently of the reducer from the lists
  /// before (for originals) and after (for what was added).
  mutating func record(rows: [ImportRow], lists: IdentifiedArrayOf<ShoppingList>) {
    for row in rows {
      let target = lists.first { Naming.key($0.name) == Naming.key(row.list ?? options.targetList) }
      guard let target else { continue }
      if !touchedLists.contains(target.id) { touchedLists.append(target.id) }
    }
  }
}
