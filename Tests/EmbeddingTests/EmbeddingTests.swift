import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite
import ShoppingStorage
import Synchronization
import Testing

@Test func anEmbeddingProgramKeepsItsListInADatabaseFile() throws {
  let folder = FileManager.default.temporaryDirectory.appending(path: "embedding-\(UUID())")
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appending(path: "shopping.sqlite").path

  // Open (or create) the database; every write is one transaction, recorded in the history.
  let database = try ShoppingDatabase(path: path)
  let counts = try database.write { repository in
    // A store over the state the program needs: here, the list "Groceries".
    let store = repository.makeStore(
      initialState: try repository.loadState(loadingListsNamed: ["Groceries"]),
      reducer: ShoppingReducer(environment: .live)
    )
    let seen = CountsSeen()
    let observation = store.observe { state in
      seen.record(state.list(named: "Groceries")?.products.count ?? 0)
    }
    defer { observation.cancel() }

    // Each send is all or nothing: the reducer's effects are written, or nothing changes.
    try store.send(.createList(named: "Groceries"))
    let list = try #require(store.state.list(named: "Groceries"))
    try store.send(.list(list.id, .add(name: "Milk", try ProductChanges(quantity: "2"))))
    try store.send(.list(list.id, .add(name: "Bread", .none)))
    let milk = try #require(store.state.list(named: "Groceries")).resolve("milk")
    try store.send(.list(list.id, .product(milk, .checked)))
    return seen.counts
  }
  #expect(counts == [0, 1, 2, 2])

  // Reopen the file: the data is there.
  let reopened = try ShoppingDatabase(path: path)
  let groceries = try reopened.read { try $0.loadLists(named: ["Groceries"]) }.first
  #expect(groceries?.products.map(\.name) == ["Milk", "Bread"])
  #expect(groceries?.products.map(\.isChecked) == [true, false])
  #expect(groceries?.products.first?.quantity.description == "2")

  // The write is in the history, as every command's is: `shoplist history` lists it under
  // the program's name, `shoplist undo` takes it back, and `shoplist serve` tells its pages.
  let entry = try reopened.read { try $0.history(limit: 1) }.first
  #expect(entry?.summary == "Groceries: created, 2 added")
  #expect(entry?.command == StorageJournal.defaultCommand)
}

/// What the observer saw; observers may run on any thread, hence the lock.
final class CountsSeen: Sendable {
  private let storage = Mutex<[Int]>([])

  var counts: [Int] { storage.withLock { $0 } }

  func record(_ count: Int) {
    storage.withLock { $0.append(count) }
  }
}
