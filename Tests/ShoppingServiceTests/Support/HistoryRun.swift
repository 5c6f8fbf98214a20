import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingService
import ShoppingStorage
import Synchronization

/// One random run of commands, undos and redos against a storage, each step checked
/// against ``HistoryModel``: the marks history shows, which entry an undo or a redo takes,
/// and the world it leaves.
struct HistoryRun {
  let seed: UInt64
  private var random: SplitMix64
  private let folder: URL
  let service: ShoppingService
  private let clock = Clock()
  private var model = HistoryModel()
  /// What was done so far, one line a step, for the report of a failure.
  private(set) var log: [String] = []
  /// How many undos and redos went through, and how many were refused.
  private(set) var reverted = 0
  private(set) var refused = 0

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(seed: UInt64, storage: StorageChoice) throws {
    self.seed = seed
    random = SplitMix64(seed: seed)
    folder = FileManager.default.temporaryDirectory.appending(path: "history-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let ids = Mutex<UInt64>(0)
    let clock = clock
    service = ShoppingService(
      storage: try storage.open(in: folder),
      environment: ShoppingEnvironment(
        now: { clock.now },
        uuid: {
          UUID(
            counting: ids.withLock { last in
              last += 1
              return last
            })
        })
    )
  }

  func removeFolder() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Plays `steps` random steps, checking each; throws at the first that goes wrong.
  mutating func play(steps: Int) throws {
    for _ in 0..<steps { try step() }
  }

  private mutating func step() throws {
    let command = RandomCommand.random(&random, newest: model.newest)
    // Now and then a second passes: lists and items made within one second tie on time.
    if random.next() % 3 == 0 { clock.advance() }
    let before = try World.read(service)
    var outcome: Result<Int?, any Error>
    do { outcome = .success(try command.run(on: service)) } catch { outcome = .failure(error) }
    let after = try World.read(service)
    let newest = try service.newestChange()
    switch outcome {
    case .success where newest != model.newest: log.append("#\(newest) \(command)")
    case .success: log.append("    \(command): no change")
    case let .failure(error): log.append("    \(command): \(error)")
    }
    let check = Check(before: before, after: after, newest: newest, model: model)
    switch command {
    case let .undo(id): try undo(id, outcome, check)
    case .redo: try redo(outcome, check)
    default: try change(outcome, check)
    }
    try compareMarks()
    try expect(try tiedItems() == 0, "two items of a list share a sort key")
  }

  /// How many items share their list's sort key with another: their order would then be
  /// the storage's own order, which an undo cannot put back.
  private func tiedItems() throws -> Int {
    try service.storage.read { transaction in
      var tied = 0
      for list in try transaction.listSummaries() {
        let positions =
          try transaction.storedList(list.id, withProducts: true)?.products
          .map(\.position) ?? []
        let counts = Dictionary(positions.map { ($0, 1) }, uniquingKeysWith: +)
        tied += counts.values.filter { $0 > 1 }.reduce(0, +)
      }
      return tied
    }
  }

  private mutating func change(_ outcome: Result<Int?, any Error>, _ check: Check) throws {
    switch outcome {
    case let .failure(error):
      try expect(error is ShoppingError, "a command failed with \(error)")
      try check.unchanged()
    case .success where check.newest == model.newest:
      // Nothing changed, nothing recorded.
      try expect(check.before == check.after, "changed, unrecorded")
    case .success:
      try expect(check.newest == model.newest + 1, "entry #\(check.newest) after #\(model.newest)")
      model.change(check.newest, before: check.before, after: check.after)
    }
  }

  private mutating func undo(
    _ id: Int?, _ outcome: Result<Int?, any Error>, _ check: Check
  ) throws {
    let expected: HistoryError?
    var candidate: Int?
    if let id, model.entries[id] == nil {
      expected = .noSuchEntry(id)
    } else if let id, let entry = model.entries[id], !entry.inForce {
      expected = nil
      guard case .failure(HistoryError.alreadyUndone(let undone)) = outcome, undone.id == id else {
        throw Failure(description: "#\(id) is undone, yet \(outcome)")
      }
    } else {
      candidate = id ?? model.undoCandidate
      expected = candidate == nil ? .nothingToUndo : nil
    }
    switch outcome {
    case let .failure(error):
      try check.unchanged()
      if let expected { try expect((error as? HistoryError) == expected, "\(error)") }
      guard let candidate else { return }
      try expect(isAllowedRefusal(error, of: candidate, .undo), "undo #\(candidate): \(error)")
      refused += 1
    case let .success(undone):
      guard let candidate, let entry = model.entries[candidate] else {
        throw Failure(description: "an undo went through where none should")
      }
      try expect(undone == candidate, "undid #\(undone ?? 0), not #\(candidate)")
      try expect(check.newest == model.newest + 1, "undo recorded as #\(check.newest)")
      try check.tookBack(entry)
      model.undo(candidate, as: check.newest, before: check.before, after: check.after)
      reverted += 1
    }
  }

  private mutating func redo(_ outcome: Result<Int?, any Error>, _ check: Check) throws {
    guard let undo = model.redoCandidate, let entry = model.entries[undo] else {
      guard case .failure(HistoryError.nothingToRedo) = outcome else {
        throw Failure(description: "nothing to redo, yet \(outcome)")
      }
      return try check.unchanged()
    }
    // Within a run, nothing stands in a redo's way: it always goes through.
    guard case let .success(redone) = outcome else {
      throw Failure(description: "redo of #\(undo) refused: \(outcome)")
    }
    try expect(redone == entry.reverts, "redid #\(redone ?? 0), not #\(entry.reverts ?? 0)")
    try expect(check.newest == model.newest + 1, "redo recorded as #\(check.newest)")
    // The run of undos and redos since the last change leaves the lists as right after the
    // undo: the redo puts them back exactly as before it.
    try expect(check.before == entry.after, "not as after #\(undo)")
    try check.tookBack(entry)
    model.redo(undo, as: check.newest, before: check.before, after: check.after)
    reverted += 1
  }

  /// Whether refusing to take back `candidate` with `error` is what the contract allows: a
  /// later entry in force stands in the way, or a name is taken since.
  private func isAllowedRefusal(
    _ error: any Error, of candidate: Int, _ step: HistoryError.Step
  ) -> Bool {
    switch error as? HistoryError {
    case let .blocked(refusedStep, entry, later, _):
      refusedStep == step && entry.id == candidate && later.id > candidate
        && model.entries[later.id]?.inForce == true
    case let .takenBackAlready(refusedStep, entry, other):
      refusedStep == step && entry.id == candidate && model.entries[other.id]?.inForce == true
    case let .cannotApply(refusedStep, entry, problem):
      refusedStep == step && entry.id == candidate && problem.isNameTaken
    default:
      false
    }
  }

  /// The marks history shows are the model's: which entries are undone, and by which.
  private func compareMarks() throws {
    let history = try service.history(limit: 1_000)
    try expect(history.count == model.entries.count, "\(history.count) entries")
    for entry in history {
      let modelled = model.entries[entry.id]
      try expect(
        entry.undoneBy == modelled?.undoneBy,
        "#\(entry.id) undone by \(entry.undoneBy.map(String.init) ?? "none"), modelled "
          + "\(modelled?.undoneBy.map(String.init) ?? "none")")
    }
  }

  private func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Failure(description: message()) }
  }
}

/// The clock the run's service reads: a whole second, moved on by the run.
private final class Clock: Sendable {
  private let seconds = Mutex<Double>(1_795_000_000)

  var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }

  func advance() { seconds.withLock { $0 += 1 } }
}

extension RevertProblem {
  /// Whether the problem is a name taken since, which the contract refuses an undo for; any
  /// other would say history and the lists disagree.
  var isNameTaken: Bool {
    switch self {
    case .itemNameTaken, .listNameTaken, .shopNameTaken: true
    case .listGone, .listThere, .shopGone: false
    }
  }
}
