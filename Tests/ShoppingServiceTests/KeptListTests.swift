import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingEngines
import ShoppingService
import Synchronization
import Testing

@testable import ShoppingSQLite

/// The list a write leaves whole is kept to answer the next load without reading its items
/// (``ShoppingSQLite/LoadedListCache``): whatever happens in between, a load must give the
/// list the file holds, as a connection that keeps nothing reads it.
@Suite struct KeptListTests {
  /// Random commands, undos and redos, some through a second connection (another process),
  /// each followed by a change answered with the whole list, as `PATCH` without
  /// `?return=item` asks: every answer, and every list read afterwards, is the list a fresh
  /// connection reads from the file.
  @Test(arguments: 0..<30)
  func whateverHappensALoadGivesTheListTheFileHolds(seed: UInt64) throws {
    let (path, folder) = try Self.newDatabasePath()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = Self.environment()
    let service = ShoppingService(
      storage: try ShoppingDatabase(path: path), environment: environment)
    let other = ShoppingService(storage: try ShoppingDatabase(path: path), environment: environment)
    // Only reads: it never keeps a list, so it reads every item from the file.
    let fresh = ShoppingService(storage: try ShoppingDatabase(path: path), environment: environment)
    var random = SplitMix64(seed: 0x4B45_0000 + seed)
    var log: [String] = []
    for _ in 0..<80 {
      let command = RandomCommand.random(&random, newest: try service.newestChange())
      let elsewhere = random.next() % 4 == 0
      let outcome = Result { try command.run(on: elsewhere ? other : service) }
      log.append("\(elsewhere ? "other: " : "")\(command) → \(outcome)")

      let list = RandomCommand.lists[Int(random.next() % UInt64(RandomCommand.lists.count))]
      let item = RandomCommand.items[Int(random.next() % UInt64(RandomCommand.items.count))]
      let answered = Result {
        try service.perform(
          .set(.toggled, items: [.typed(item)]), onList: list, returningCompleteList: true
        ).list
      }
      log.append("toggle \(item) --list \(list) → \(answered.map(\.products.count))")
      if case let .success(answer) = answered {
        #expect(answer == (try fresh.list(named: list)), "\(log.joined(separator: "\n"))")
      }
      for name in RandomCommand.lists {
        let read = try? service.list(named: name)
        let expected = try? fresh.list(named: name)
        #expect(read == expected, "\(name) after:\n\(log.joined(separator: "\n"))")
      }
    }
    // Not vacuous: the kept list answered loads.
    #expect(service.sqlite.loadedLists.hits.load(ordering: .relaxed) > 0)
  }

  /// Two changes answered with the whole list in a row: the second reads no item from the
  /// file.
  @Test func theNextWholeListChangeReadsNoItem() throws {
    let (path, folder) = try Self.newDatabasePath()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let service = try ShoppingService(path: path)
    try service.perform(
      .add(names: ["milk", "eggs", "bread"], changes: .none), onList: nil,
      creatingIfMissing: true)
    try service.perform(
      .set(.toggled, items: [.typed("milk")]), onList: nil,
      returningCompleteList: true)
    let hits = service.sqlite.loadedLists.hits.load(ordering: .relaxed)
    let answer = try service.perform(
      .set(.toggled, items: [.typed("eggs")]), onList: nil, returningCompleteList: true)
    #expect(service.sqlite.loadedLists.hits.load(ordering: .relaxed) == hits + 1)
    #expect(answer.list.products.map(\.isChecked) == [true, true, false])
  }

  /// A write that keeps a list and then fails leaves nothing kept: the next load reads the
  /// file, not the list the failed write made.
  @Test func aFailedWriteKeepsNothing() throws {
    let (path, folder) = try Self.newDatabasePath()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let service = try ShoppingService(path: path)
    try service.perform(
      .add(names: ["milk"], changes: .none), onList: nil, creatingIfMissing: true)
    let database = service.sqlite
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try database.write { repository in
        let state = try repository.loadState(loadingListsNamed: ["shopping"])
        let list = try #require(state.lists.first)
        var milk = try #require(list.products.first)
        milk.isChecked = true
        try repository.execute([.updateProduct(milk)])
        // A list unlike the file's kept, and the write then fails.
        repository.keepLoaded(
          ShoppingList(id: list.id, name: list.name, createdAt: list.createdAt))
        throw Refused()
      }
    }
    let read = try service.list(named: nil)
    #expect(read.products.map(\.name) == ["milk"])
    #expect(read.products.map(\.isChecked) == [false])
  }

  /// A database file's path in a new folder, and the folder, for the test to remove.
  private static func newDatabasePath() throws -> (path: String, folder: String) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kept-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (folder.appending(path: "shopping.sqlite").path, folder.path)
  }

  /// Whole seconds from a clock of its own, and ids counted up, as the history runs have them.
  private static func environment() -> ShoppingEnvironment {
    let ids = Mutex<UInt64>(0)
    let seconds = Mutex<Double>(1_795_000_000)
    return ShoppingEnvironment(
      now: {
        Date(
          timeIntervalSince1970: seconds.withLock {
            $0 += 1
            return $0
          })
      },
      uuid: {
        UUID(
          counting: ids.withLock { last in
            last += 1
            return last
          })
      })
  }
}
