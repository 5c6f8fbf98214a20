import Composable
import Foundation
import ShoppingCore
import ShoppingSQLite
import ShoppingStorage
import Testing

/// Several threads of an embedding program, each with its own connection or sharing one,
/// writing to one file at once: every write lands, none fails within the busy timeout.
@Suite struct ConcurrentEmbeddingTests {
  static let tasks = 8
  static let itemsPerTask = 25

  func add(_ name: String, to database: ShoppingDatabase) throws {
    try database.write { repository in
      let store = repository.makeStore(
        initialState: try repository.loadState(loadingListsNamed: ["Groceries"]),
        reducer: ShoppingReducer(environment: .live)
      )
      if store.state.list(named: "Groceries") == nil {
        try store.send(.createList(named: "Groceries"))
      }
      let list = try #require(store.state.list(named: "Groceries"))
      try store.send(.list(list.id, .add(name: name, .none)))
    }
  }

  func names(in path: String) throws -> Set<String> {
    let database = try ShoppingDatabase(path: path)
    let lists = try database.read { try $0.loadLists(named: ["Groceries"]) }
    return Set(lists.first?.products.map(\.name) ?? [])
  }

  @Test func tasksWithTheirOwnConnectionsAllSucceed() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "concurrent-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "shopping.sqlite").path
    _ = try ShoppingDatabase(path: path)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 1...Self.tasks {
        group.addTask {
          let database = try ShoppingDatabase(path: path, busyTimeout: .seconds(30))
          for item in 1...Self.itemsPerTask {
            try add("t\(task)-\(item)", to: database)
          }
        }
      }
      try await group.waitForAll()
    }

    #expect(try names(in: path).count == Self.tasks * Self.itemsPerTask)
  }

  @Test func tasksSharingOneDatabaseTakeTurns() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "shared-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "shopping.sqlite").path
    let database = try ShoppingDatabase(path: path, busyTimeout: .seconds(30))

    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 1...Self.tasks {
        group.addTask {
          for item in 1...Self.itemsPerTask {
            try add("s\(task)-\(item)", to: database)
          }
        }
      }
      try await group.waitForAll()
    }

    #expect(try names(in: path).count == Self.tasks * Self.itemsPerTask)
  }
}
