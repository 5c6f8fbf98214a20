import Composable
import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// Runs the shopping reducer, then asks for one more effect that the database must refuse:
/// a second item named like the first one on the list.
struct ConflictingSecondEffect: Reducer, Sendable {
  let base = ShoppingReducer(environment: .deterministic(now: now))

  func reduce(
    into state: inout ShoppingState, action: ShoppingAction
  ) throws -> [PersistenceEffect] {
    let effects = try base.reduce(into: &state, action: action)
    guard case let .list(listID, .add) = action else { return effects }
    let clash = Product(id: UUID(counting: 999_999), name: "MILK", addedAt: now)
    return effects + [.insertProduct(clash, listID: listID)]
  }
}

@Suite("The store is all or nothing against the file")
struct StoreTransactionTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    try database.seedGroceries([product(1, "Milk")])
  }

  @Test func aSuccessfulSendIsWrittenToTheFile() throws {
    let committed = try database.write { repository in
      let state = try repository.loadState(loadingListsNamed: ["Groceries"])
      let store = repository.makeStore(
        initialState: state, reducer: ShoppingReducer(environment: .deterministic(now: now))
      )
      try store.send(.list(groceriesID, .add(name: "Bread", .none)))
      try store.send(.list(groceriesID, .product(productID(1), .toggled)))
      return store.state
    }

    #expect(try database.everything() == committed)
    #expect(committed.lists.first?.products.map(\.isChecked) == [true, false])
  }

  @Test func anExecutorFailureMidBatchLeavesFileAndStateUnchanged() throws {
    let before = try database.everything()

    let after = try database.write { repository in
      let state = try repository.loadState(loadingListsNamed: ["Groceries"])
      let store = repository.makeStore(initialState: state, reducer: ConflictingSecondEffect())

      let error = #expect(throws: DatabaseError.self) {
        try store.send(.list(groceriesID, .add(name: "Eggs", .none)))
      }

      #expect(error?.reason == .constraintViolation)
      #expect(store.state == before)
      return store.state
    }

    #expect(after == before)
    #expect(try database.everything() == before)
  }

  @Test func aStoreGoesOnAfterAFailedSendWithTheListsItHadLoaded() throws {
    try database.write { repository in
      let state = try repository.loadState(loadingListsNamed: ["Groceries"])
      let store = repository.makeStore(initialState: state, reducer: ConflictingSecondEffect())
      try store.send(.createList(named: "Weekend"))

      #expect(throws: DatabaseError.self) {
        try store.send(.list(groceriesID, .add(name: "Eggs", .none)))
      }
      try store.send(.list(groceriesID, .remove([productID(1)])))

      #expect(store.state.lists.map(\.name) == ["Groceries", "Weekend"])
      #expect(store.state.lists.map(\.isLoaded) == [true, true])
    }

    #expect(try database.everything().lists.map(\.products.count) == [0, 0])
  }

  @Test func observersSeeOnlyCommittedStates() throws {
    let seen = Locked<[Int]>([])
    try database.write { repository in
      let state = try repository.loadState(loadingListsNamed: ["Groceries"])
      let store = repository.makeStore(initialState: state, reducer: ConflictingSecondEffect())
      let token = store.observe { state in
        seen.modify { $0.append(state.lists.first?.products.count ?? -1) }
      }
      defer { token.cancel() }

      _ = try? store.send(.list(groceriesID, .add(name: "Eggs", .none)))
      try store.send(.list(groceriesID, .remove([productID(1)])))
    }

    #expect(seen.value == [0])
  }

  @Test func aStoreCannotWriteAfterItsTransactionEnded() throws {
    let store = try database.write { repository in
      repository.makeStore(
        initialState: try repository.loadState(loadingListsNamed: ["Groceries"]),
        reducer: ShoppingReducer(environment: .deterministic(now: now))
      )
    }

    let error = #expect(throws: DatabaseError.self) {
      try store.send(.list(groceriesID, .add(name: "Eggs", .none)))
    }

    #expect(error?.reason == .misuse)
    #expect(try database.everything().lists.first?.products.count == 1)
  }
}
