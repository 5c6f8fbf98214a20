import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import ShoppingService
import ShoppingStorage
import Testing

/// `db copy`'s work: a whole database — lists, items, the default, the shop order, members
/// with their credentials and the history with its records — copied into an empty one of
/// any engine, where undo goes on as it would have on the original; a target holding
/// anything refused and left as it was.
@Suite(.offThePool) struct CopyTests {
  /// Every way between engines this machine runs: up to PostgreSQL, back to SQLite, and
  /// within SQLite.
  static var directions: [Direction] {
    let withPostgres = TestTools.runs(needing: PostgresCluster.installedBin != nil)
    return [Direction(.memory, .sqlite), Direction(.sqlite, .sqlite)]
      + (withPostgres ? [Direction(.sqlite, .postgres), Direction(.postgres, .sqlite)] : [])
  }

  /// Every engine this machine runs, as a target.
  static var targets: [StorageChoice] {
    [.memory, .sqlite] + (directions.contains { $0.target == .postgres } ? [.postgres] : [])
  }

  static func add(_ names: [String], to service: ShoppingService) throws {
    try service.perform(
      .add(names.map { .init(name: $0, changes: .none) }), onList: "shopping",
      creatingIfMissing: true)
  }

  /// What a step did, in words: the entry it made, or why it was refused.
  static func outcome(_ step: () throws -> Int) -> String {
    do { return "#\(try step())" } catch { return "\(error)" }
  }

  struct Direction: CustomTestStringConvertible, Sendable {
    let source: StorageChoice
    let target: StorageChoice
    init(_ source: StorageChoice, _ target: StorageChoice) {
      self.source = source
      self.target = target
    }
    var testDescription: String { "\(source.rawValue) → \(target.rawValue)" }
  }

  /// After random changes, undos and redos (seeded), the copy reads the same in every part,
  /// and the same undos and redos on both leave them the same.
  @Test(arguments: directions)
  func theCopyHoldsEverythingAndUndoGoesOnFromIt(direction: Direction) throws {
    for seed in UInt64(0x0C09_0000)..<0x0C09_0003 {
      var run = try HistoryRun(seed: seed, storage: direction.source)
      defer { run.removeFolder() }
      try run.play(steps: 50)
      let clock = Date(timeIntervalSince1970: 1_900_000_000)
      let environment = ShoppingEnvironment(now: { clock }, uuid: { UUID() })
      let source = ShoppingService(storage: run.service.storage, environment: environment)
      let ana = try source.invite(named: "Ana")
      _ = try source.invite(named: "Bo")
      guard case .joined = try source.join(code: ana.code) else {
        Issue.record("Ana could not join")
        return
      }

      let folder = FileManager.default.temporaryDirectory.appending(path: "copy-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let target = ShoppingService(
        storage: try direction.target.open(in: folder), environment: environment)
      let summary = try ShoppingService.copyDatabase(from: source.storage, to: target.storage)

      let original = try Contents.read(source)
      #expect(try Contents.read(target) == original, "seed \(seed)")
      #expect(summary.members == 2 && summary.historyEntries == original.history.count)
      #expect(!original.history.isEmpty && original.world.lists.count > 1, "a vacuous run")

      // The same steps back and forth on both: the same outcome, the same data.
      let steps: [(ShoppingService) throws -> Int] = [
        { try $0.undo().entry }, { try $0.undo().entry }, { try $0.redo().entry },
        { try $0.undo().entry }, { try $0.undo().entry },
      ]
      for (index, step) in steps.enumerated() {
        let there = Self.outcome { try step(source) }
        let here = Self.outcome { try step(target) }
        #expect(here == there, "seed \(seed) step \(index)")
        #expect(try Contents.read(target) == Contents.read(source), "seed \(seed) step \(index)")
      }
    }
  }

  /// A target holding any item, any list but an empty `shopping`, any history or any
  /// member is refused, and nothing in it changes; an empty `shopping` is no obstacle.
  @Test(arguments: targets)
  func aTargetHoldingAnythingIsRefusedAndLeftAsItWas(target choice: StorageChoice) throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "copy-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = ShoppingService(storage: InMemoryStorage())
    try Self.add(["Milk", "Bread"], to: source)

    let fillings: [(String, (ShoppingService) throws -> Void)] = [
      ("1 item", { try Self.add(["Eggs"], to: $0) }),
      ("1 other list", { _ = try $0.createList(named: "Party") }),
      ("1 member", { _ = try $0.invite(named: "Ana") }),
    ]
    for (index, (held, fill)) in fillings.enumerated() {
      let subfolder = folder.appending(path: "\(index)")
      try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
      let target = ShoppingService(storage: try choice.open(in: subfolder))
      try fill(target)
      let before = try Contents.read(target)
      #expect {
        try ShoppingService.copyDatabase(from: source.storage, to: target.storage)
      } throws: { error in
        guard case let .targetNotEmpty(_, holding) = error as? CopyError else { return false }
        return holding.contains(held)
      }
      #expect(try Contents.read(target) == before, "\(held)")
    }

    // History alone: a list made and deleted leaves nothing but its entries.
    let historyOnly = ShoppingService(storage: try choice.open(in: folder))
    _ = try historyOnly.createList(named: "Party")
    _ = try historyOnly.deleteList(named: "Party", force: false)
    #expect(throws: CopyError.self) {
      try ShoppingService.copyDatabase(from: source.storage, to: historyOnly.storage)
    }

    // A fresh database's empty `shopping` gives way to the source's.
    let fresh = ShoppingService(storage: try choice.open(in: folder.appending(path: "fresh")))
    try fresh.storage.write {
      try $0.execute([.insertList(id: UUID(), name: "shopping", createdAt: Date())])
      // Made as a read makes it: no change of the user's, no history entry.
      $0.restartRecording()
    }
    try ShoppingService.copyDatabase(from: source.storage, to: fresh.storage)
    #expect(try Contents.read(fresh) == Contents.read(source))
  }
}

/// Everything a copy carries, as stored.
private struct Contents: Equatable {
  var world: World
  var shops: Shops
  var members: [StoredMember]
  var history: [Entry]

  struct Entry: Equatable {
    var entry: HistoryEntry
    var change: ChangeRecord
  }

  static func read(_ service: ShoppingService) throws -> Contents {
    let world = try World.read(service)
    return try service.storage.read { transaction in
      Contents(
        world: world, shops: try transaction.shops(),
        members: try transaction.storedMembers(),
        history: try transaction.historyRecords(try transaction.historyLinks().entries.map(\.id))
          .map { Entry(entry: $0.entry, change: $0.change) })
    }
  }
}
