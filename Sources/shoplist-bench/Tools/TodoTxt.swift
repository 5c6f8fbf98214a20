import Foundation

/// todo.txt's shell script (`todo-txt`), with its own config and folder in the workspace:
/// forced (no prompts), plain (no colours), no automatic archiving (line numbers stay put).
struct TodoTxt {
  let executable: String
  let environment: [String: String]

  /// A todo.txt store: its config file.
  struct Store {
    let config: String
  }

  static func config(folder: String) -> String {
    """
    export TODO_DIR="\(folder)"
    export TODO_FILE="$TODO_DIR/todo.txt"
    export DONE_FILE="$TODO_DIR/done.txt"
    export REPORT_FILE="$TODO_DIR/report.txt"
    export TODOTXT_AUTO_ARCHIVE=0
    export TODOTXT_FORCE=1
    export TODOTXT_PLAIN=1

    """
  }

  /// Creates a store in `folder` holding generated items `0..<count`, one per line.
  func create(in folder: String, items count: Int) throws -> Store {
    let config = folder + "/config"
    try Self.config(folder: folder).write(toFile: config, atomically: true, encoding: .utf8)
    try DataSet.writeTodoTxt(count: count, to: folder + "/todo.txt")
    for name in ["done.txt", "report.txt"] {
      guard FileManager.default.createFile(atPath: folder + "/" + name, contents: nil) else {
        throw BenchError("cannot create \(folder)/\(name)")
      }
    }
    return Store(config: config)
  }

  func command(_ store: Store, _ arguments: [String]) -> Invocation {
    Invocation(
      executable: executable, arguments: ["-d", store.config] + arguments,
      environment: environment)
  }

  func add(_ store: Store, name: String) -> Invocation {
    command(store, ["add", name])
  }

  /// Flips item `item` (its line is `item.index + 1`): `do` on even iterations, and on odd
  /// ones `replace` with the original text, which drops the done mark.
  func toggle(_ store: Store, item: DataSet.Item, iteration: Int) -> Invocation {
    let line = String(item.index + 1)
    return command(
      store, iteration % 2 == 0 ? ["do", line] : ["replace", line, DataSet.todoLine(item)])
  }

  func list(_ store: Store) -> Invocation {
    command(store, ["ls"])
  }
}
