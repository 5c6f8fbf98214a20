import Foundation

/// The programs a run measures: shoplist, and the peers that are installed.
struct Toolbox {
  let shoplist: ShoplistTool
  let sqlite3: SQLiteShell?
  let task: Taskwarrior?
  let todoTxt: TodoTxt?

  static let skippedReason = "skipped: not installed"

  /// Finds the tools: shoplist at `shoplistPath` or next to this executable, the peers on the
  /// `PATH`.
  ///
  /// - Throws: ``BenchError`` when the shoplist binary is missing.
  static func locate(shoplistPath: String?, workspace: Workspace) throws -> Toolbox {
    let shoplist = shoplistPath ?? defaultShoplistPath()
    guard FileManager.default.isExecutableFile(atPath: shoplist) else {
      throw BenchError(
        """
        no shoplist binary at \(shoplist); build it first (swift build -c release) or pass \
        --shoplist PATH
        """)
    }
    let environment = workspace.environment
    return Toolbox(
      shoplist: ShoplistTool(executable: shoplist, environment: environment),
      sqlite3: onPath("sqlite3", environment).map {
        SQLiteShell(executable: $0, environment: environment)
      },
      task: onPath("task", environment).map {
        Taskwarrior(executable: $0, environment: environment)
      },
      todoTxt: onPath("todo-txt", environment).map {
        TodoTxt(executable: $0, environment: environment)
      }
    )
  }

  /// `shoplist` in the folder of the running executable: the build folder both are built into.
  static func defaultShoplistPath() -> String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? "shoplist-bench"
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("shoplist").path
  }

  static func onPath(_ name: String, _ environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// One line per tool: its path and version, or that it was skipped.
  func versions(scratch: String, origin: String, readBack: Bool) -> [String] {
    let copy = readBack ? "a copy made by cp and read back from disk" : "a copy made by cp"
    var lines = [
      """
      shoplist: \(version(shoplist.executable, ["--version"], scratch)) at \(origin) \
      (\(Self.linkage(of: shoplist.executable)); measured from \(copy))
      """
    ]
    if let sqlite3 {
      let words = version(sqlite3.executable, ["--version"], scratch).split(separator: " ")
      lines.append("sqlite3: \(words.prefix(2).joined(separator: " "))")
    } else {
      lines.append("sqlite3: \(Self.skippedReason)")
    }
    if let task {
      lines.append("task: Taskwarrior \(version(task.executable, ["--version"], scratch))")
    } else {
      lines.append("task: \(Self.skippedReason)")
    }
    if let todoTxt {
      // `todo-txt -V` prints its version and exits 1.
      var invocation = Invocation(
        executable: todoTxt.executable, arguments: ["-V"], environment: shoplist.environment)
      invocation.standardOutput = scratch + ".out"
      _ = try? ChildProcess.run(invocation)
      let text = (try? String(contentsOfFile: invocation.standardOutput, encoding: .utf8)) ?? ""
      lines.append("todo-txt: \(text.split(separator: "\n").first ?? "unknown version")")
    } else {
      lines.append("todo-txt: \(Self.skippedReason)")
    }
    return lines
  }

  /// How the binary is linked, as the report names it: a static executable (no dynamic
  /// loader at all: the release build), a static Swift runtime (`--static-swift-stdlib` with
  /// shared C libraries), or a dynamic one. The strings that tell them apart (the loader's
  /// path, the libraries' names) sit near the start of the file.
  static func linkage(of path: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "unknown linkage" }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4 << 20)) ?? Data()
    if head.range(of: Data("libswiftCore.so".utf8)) != nil { return "dynamic Swift runtime" }
    if head.range(of: Data("/ld-linux".utf8)) != nil { return "static Swift runtime" }
    return "static executable"
  }

  private func version(_ executable: String, _ arguments: [String], _ scratch: String) -> String {
    let invocation = Invocation(
      executable: executable, arguments: arguments, environment: shoplist.environment)
    let text = (try? ChildProcess.output(of: invocation, scratch: scratch)) ?? "unknown version"
    return text.split(separator: "\n").first.map(String.init) ?? text
  }
}
