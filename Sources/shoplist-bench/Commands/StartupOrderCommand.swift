import ArgumentParser
import Foundation

/// Writes the order the linker lays shoplist's functions out in: every function the everyday
/// commands run, together at the front of the executable's code, so that a command touches a
/// few contiguous pages of the 25 MB of code instead of one here and there across all of it
/// (each first touch is a page fault; see BENCHMARKS.md).
///
/// It runs the built binary under Callgrind, which records every function a run calls, over a
/// store of generated items, and writes their names in the order it met them. Release builds
/// read the file (`Package.swift`); a function missing from it is only placed later, so an
/// outdated file costs speed, never correctness. Regenerate it after changes to the command
/// path, from a release build.
struct StartupOrderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "startup-order",
    abstract: "Writes the functions the everyday commands run, for the linker's layout.",
    discussion: """
      Needs valgrind and strip (binutils). Example, from the package folder:
        swift build -c release --static-swift-stdlib
        .build/release/shoplist-bench startup-order --output Sources/shoplist/startup-order.txt
      """
  )

  @Option(help: ArgumentHelp("The shoplist binary (default: next to this one).", valueName: "path"))
  var shoplist: String?

  @Option(help: ArgumentHelp("Where to write the list of functions.", valueName: "path"))
  var output: String

  func run() throws {
    let workspace = try Workspace.make()
    defer { workspace.removeAll() }
    let binary = shoplist ?? Toolbox.defaultShoplistPath()
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchError("no shoplist binary at \(binary); build it first or pass --shoplist PATH")
    }
    guard let valgrind = Toolbox.onPath("valgrind", workspace.environment),
      let strip = Toolbox.onPath("strip", workspace.environment),
      let nm = Toolbox.onPath("nm", workspace.environment)
    else {
      throw BenchError("startup-order needs valgrind, strip and nm on the PATH")
    }
    // Callgrind reads the symbol table, not the debug information (which it cannot parse in a
    // static Swift executable).
    let stripped = workspace.path("shoplist")
    try ChildProcess.check(
      Invocation(
        executable: strip, arguments: ["--strip-debug", "-o", stripped, binary],
        environment: workspace.environment),
      scratch: workspace.path("strip"))

    let database = workspace.path("order.sqlite")
    let items = workspace.path("items.csv")
    try DataSet.writeCSV(count: 1_000, to: items)
    let tool = ShoplistTool(executable: stripped, environment: workspace.environment)
    try ChildProcess.check(
      tool.command(database, ["import", items, "--quiet"]), scratch: workspace.path("import"))

    var names = StartupOrder()
    for (index, arguments) in Self.commands.enumerated() {
      let profile = workspace.path("callgrind.\(index)")
      var invocation = tool.command(database, arguments)
      invocation.arguments =
        ["--tool=callgrind", "--demangle=no", "--callgrind-out-file=\(profile)", stripped]
        + invocation.arguments
      invocation.executable = valgrind
      try ChildProcess.check(invocation, scratch: workspace.path("run.\(index)"))
      names.add(callgrindProfile: try String(contentsOfFile: profile, encoding: .utf8))
    }
    let symbols = try ChildProcess.output(
      of: Invocation(
        executable: nm, arguments: ["--defined-only", stripped], environment: workspace.environment),
      scratch: workspace.path("nm"))
    let left = names.leaveOut(StartupOrder.namesDefinedMoreThanOnce(nmOutput: symbols))
    try names.text.write(toFile: output, atomically: true, encoding: .utf8)
    print(
      "wrote \(names.count) functions to \(output) (\(left) defined in more than one place left out)"
    )
  }

  /// What a household runs day to day, with output to a pipe and to JSON: the quick commands,
  /// a few through the argument parser, and history.
  static let commands: [[String]] = [
    ["toggle", DataSet.name(5)],
    ["add", "oat milk"],
    ["add", DataSet.name(7), "--quantity", "2"],
    ["check", "3"],
    ["uncheck", "3"],
    ["list"],
    ["list", "--json"],
    ["remove", "oat milk"],
    ["rename", DataSet.name(9), "renamed"],
    ["edit", "renamed", "--note", "fresh"],
    ["history"],
    ["undo"],
    ["redo"],
    ["lists"],
    ["find", "item"],
    [],
  ]
}

/// Function names in the order Callgrind profiles first mention them, each once.
///
/// A name defined in more than one place is left out: the linker moves every section that
/// defines a listed name, and a local helper the compiler emits into each file that needs it
/// (`objectdestroyTm`, a specialization of a standard library generic) would bring hundreds of
/// kilobytes of code no command runs (the PostgreSQL driver, the server) in among the code they
/// do run.
struct StartupOrder {
  private var seen: Set<String> = []
  private var names: [String] = []

  var count: Int { names.count }

  /// One name a line, as the linker's `--symbol-ordering-file` reads them.
  var text: String { names.map { $0 + "\n" }.joined() }

  /// Removes `names` from the order; returns how many were in it.
  mutating func leaveOut(_ names: Set<String>) -> Int {
    let before = self.names.count
    self.names.removeAll { names.contains($0) }
    return before - self.names.count
  }

  /// The code symbols `nm --defined-only` lists more than once (`address type name` a line).
  static func namesDefinedMoreThanOnce(nmOutput: String) -> Set<String> {
    var counts: [Substring: Int] = [:]
    for line in nmOutput.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 3, ["t", "T", "w", "W"].contains(fields[1]) else { continue }
      counts[fields[2], default: 0] += 1
    }
    return Set(counts.compactMap { $0.value > 1 ? String($0.key) : nil })
  }

  /// Adds the functions a Callgrind profile (written with `--demangle=no`) names: its `fn=` and
  /// `cfn=` lines, `fn=(12) name` where a name first appears and `fn=(12)` after. Addresses
  /// without a symbol are left out, and so is the `'2` Callgrind appends to recursive calls.
  mutating func add(callgrindProfile: String) {
    for line in callgrindProfile.split(separator: "\n") {
      guard line.hasPrefix("fn=(") || line.hasPrefix("cfn=(") else { continue }
      guard let close = line.firstIndex(of: ")") else { continue }
      var name = line[line.index(after: close)...].drop { $0 == " " }
      if let quote = name.lastIndex(of: "'"),
        name[name.index(after: quote)...].allSatisfy(\.isNumber),
        name.index(after: quote) != name.endIndex
      {
        name = name[..<quote]
      }
      // Also left out: Callgrind's own entries, such as "(below main)".
      guard !name.isEmpty, !name.hasPrefix("0x"), !name.contains(" ") else { continue }
      let text = String(name)
      if seen.insert(text).inserted { names.append(text) }
    }
  }
}
