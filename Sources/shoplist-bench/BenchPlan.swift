import Foundation

/// What one run measures: the rows, the sizes and how often.
struct BenchPlan: Sendable {
  /// Existing items before each add, toggle and list.
  var sizes: [Int]
  /// Rows of each import file.
  var importSizes: [Int]
  /// Numeric references given to one `check`, on a list of twice as many items: the first
  /// is the row's reference line, the others show how the time grows with the count.
  var referenceCounts: [Int]
  /// Runs per tool for rows of up to 10,000 items.
  var runs: Int
  var rows: [BenchmarkRow]
  var concurrentProcesses: Int
  var concurrentAddsEach: Int
  /// Repeats of the concurrency row per tool.
  var concurrentRepeats: Int
  var micro: MicroScale
  /// `--shoplist`, or `nil` for the binary next to this one.
  var shoplistPath: String?
  /// `--baseline`: an earlier build the history row compares with, if given.
  var baselinePath: String?
  /// `--previous`: the build before the change being measured, beside shoplist in the add,
  /// toggle and list rows, if given.
  var previousPath: String?
  /// Seconds of each wrk run of the serve rows.
  var serveSeconds = 5
  /// Command-line adds timed to their change event.
  var serveEvents = 20
  /// Seconds the idle server is watched.
  var serveIdleSeconds = 30
  /// Changes timed to their event in each PostgreSQL serve line.
  var postgresEvents = 100
  var markdownPath: String?
  var keepData: Bool
  /// `--read-back`: the shoplist copies are dropped from the page cache once made, and read
  /// back through page faults by their first run, as after a reboot.
  var readBack = false

  /// Taskwarrior imports are measured up to this many rows (its import holds every task in
  /// memory: 100,000 take seconds and hundreds of megabytes).
  static let taskImportLimit = 100_000

  /// The plan with every shoplist binary it measures (this build, `--previous`,
  /// `--baseline`) replaced by a copy in `workspace`, each written the same way.
  ///
  /// How a file was written decides how its pages sit in the page cache, and so how many page
  /// faults starting it costs: a binary just written by the linker, in scattered pieces, took
  /// 396 faults where a plain copy of the same bytes took 360 — about 0.4 ms of a 4 ms
  /// command, more than most changes being measured. Each copy is made by `cp`, as the README
  /// tells a user to install shoplist: `cp` (and `install`) hand the whole file to the kernel
  /// at once (`copy_file_range`), which keeps it in the page cache in large pieces. A copy
  /// written 4 KiB at a time, as `FileManager.copyItem` writes one, starts with about 40 more
  /// page faults and takes 0.4 ms longer a command on a kernel that caches files in large
  /// folios (Linux 6.18 here); the peers are installed programs too.
  func measuringCopies(in workspace: Workspace) throws -> BenchPlan {
    var plan = self
    let readBack = readBack
    func copy(_ path: String, as name: String) throws -> String {
      let copy = try Self.copy(path, as: name, in: workspace)
      if readBack { try Self.dropFromPageCache(copy) }
      return copy
    }
    plan.shoplistPath = try copy(shoplistPath ?? Toolbox.defaultShoplistPath(), as: "shoplist")
    plan.previousPath = try previousPath.map { try copy($0, as: "previous") }
    plan.baselinePath = try baselinePath.map { try copy($0, as: "baseline") }
    return plan
  }

  /// Writes `path` out and has the kernel forget its pages, so that the next `exec` reads it
  /// back through page faults: the page cache then holds it in small pieces, as it holds any
  /// program read from disk since the machine started.
  private static func dropFromPageCache(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchError("cannot open \(path) to drop it from the cache") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw BenchError("cannot write \(path) out: \(String(cString: strerror(errno)))")
    }
    let status = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    guard status == 0 else {
      let reason = String(cString: strerror(status))
      throw BenchError("cannot drop \(path) from the page cache: \(reason)")
    }
  }

  private static func copy(_ path: String, as name: String, in workspace: Workspace) throws
    -> String
  {
    // A folder of its own, so that the copy keeps the file name `shoplist`.
    let folder = try workspace.folder("bin/" + name)
    let copy = folder + "/shoplist"
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw BenchError(
        """
        no shoplist binary at \(path); build it first (swift build -c release) or pass \
        --shoplist PATH
        """)
    }
    try ChildProcess.check(
      Invocation(executable: "/bin/cp", arguments: ["--", path, copy], environment: [:]),
      scratch: workspace.scratch)
    return copy
  }

  func includes(_ row: BenchmarkRow) -> Bool {
    rows.contains(row)
  }

  /// The sizes of the PostgreSQL add, toggle and list rows: the plan's, up to 10,000 (each
  /// store is filled by `shoplist import`, one statement a row over the network).
  var postgresSizes: [Int] {
    sizes.filter { $0 <= 10_000 }
  }

  /// The rows of the PostgreSQL import: the largest import size up to 100,000, if any.
  var postgresImportSize: Int? {
    importSizes.filter { $0 <= 100_000 }.max()
  }

  /// Runs per tool for a command on a store of `items`: fewer for the big stores.
  func runs(forItems items: Int) -> Int {
    items >= 100_000 ? min(runs, max(3, runs / 3)) : runs
  }

  /// Runs per tool for an import of `rows` rows into an empty store.
  func runs(forImportOf rows: Int) -> Int {
    rows > 10_000 ? min(runs, 3) : min(runs, 5)
  }
}

/// How much work the in-process micro-benchmarks do.
struct MicroScale: Sendable {
  /// Products on the list the single-item actions work on.
  var listSize: Int
  /// Rows sent through an import.
  var importRows: Int
  /// Timed samples per benchmark.
  var samples: Int

  static let full = MicroScale(listSize: 10_000, importRows: 100_000, samples: 15)
  static let quick = MicroScale(listSize: 10_000, importRows: 10_000, samples: 5)
}
