import Foundation

/// The temporary folder a run keeps its stores and files in, and the environment every command
/// runs with: a private `HOME`, UTC, no colours.
struct Workspace {
  let root: String
  let environment: [String: String]

  static func make() throws -> Workspace {
    let base = FileManager.default.temporaryDirectory.path
    let root = "\(base)/shoplist-bench-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let home = root + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let inherited = ProcessInfo.processInfo.environment
    return Workspace(
      root: root,
      environment: [
        "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "NO_COLOR": "1",
        "TERM": "dumb",
      ]
    )
  }

  /// A path inside the workspace.
  func path(_ name: String) -> String {
    root + "/" + name
  }

  /// A fresh, empty folder inside the workspace (emptied if it existed).
  func folder(_ name: String) throws -> String {
    let path = path(name)
    remove(path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A path for an untimed command's captured output.
  var scratch: String {
    path("scratch")
  }

  func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Removes an SQLite database with its WAL and shared-memory files.
  func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      remove(path + suffix)
    }
  }

  func removeAll() {
    remove(root)
  }
}
