import Foundation

/// Taskwarrior (`task`), the best-known list CLI, with its own `TASKRC` and `TASKDATA` in the
/// workspace and every prompt and message turned off.
struct Taskwarrior {
  let executable: String
  let environment: [String: String]

  /// A Taskwarrior store: its folder, rc file and data folder.
  struct Store {
    let folder: String
    let environment: [String: String]
  }

  /// Settings that keep Taskwarrior from asking or chatting: no confirmations, no messages,
  /// no hooks, no recurrence handling, no news nag.
  static func settings(dataFolder: String) -> String {
    """
    data.location=\(dataFolder)
    confirmation=off
    verbose=nothing
    hooks=off
    recurrence=off
    color=off
    news.version=2.6.0

    """
  }

  /// The store in `folder`, created or not.
  func store(in folder: String) -> Store {
    var storeEnvironment = environment
    storeEnvironment["TASKRC"] = folder + "/taskrc"
    storeEnvironment["TASKDATA"] = folder + "/data"
    return Store(folder: folder, environment: storeEnvironment)
  }

  /// Creates a store in `folder`, importing the tasks of `json` when given.
  func create(in folder: String, importing json: String? = nil, scratch: String) throws -> Store {
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try Self.settings(dataFolder: data).write(
      toFile: folder + "/taskrc", atomically: true, encoding: .utf8)
    let store = store(in: folder)
    if let json {
      try ChildProcess.check(importJSON(store, json), scratch: scratch)
    }
    return store
  }

  func command(_ store: Store, _ arguments: [String]) -> Invocation {
    Invocation(executable: executable, arguments: arguments, environment: store.environment)
  }

  func add(_ store: Store, name: String) -> Invocation {
    command(store, ["add", name])
  }

  /// Flips a task by its UUID: `done` on even iterations, back to pending on odd ones.
  func toggle(_ store: Store, uuid: String, iteration: Int) -> Invocation {
    command(store, iteration % 2 == 0 ? [uuid, "done"] : [uuid, "modify", "status:pending"])
  }

  func export(_ store: Store) -> Invocation {
    command(store, ["export"])
  }

  func importJSON(_ store: Store, _ json: String) -> Invocation {
    command(store, ["import", json])
  }

  func pendingCount(_ store: Store, scratch: String) throws -> Int {
    let text = try ChildProcess.output(
      of: command(store, ["status:pending", "count"]), scratch: scratch)
    guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchError("task count printed \(text.prefix(80))")
    }
    return count
  }
}
