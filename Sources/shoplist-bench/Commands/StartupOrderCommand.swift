import ArgumentParser
import Foundation

/// Writes the order the linker lays shoplist's functions and data out in: everything the
/// everyday commands touch, together at the front of the executable's code and of each of its
/// data sections, so that a command touches a few contiguous pages instead of one here and
/// there across 25 MB of code and 40 MB of data (each first touch is a page fault; see
/// BENCHMARKS.md).
///
/// It runs the built binary under Lackey, which reports the address of every instruction run
/// and every load and store, over a store of generated items, names each address by the symbol
/// that holds it, and writes the names in the order first touched. Release builds read the file
/// (`Package.swift`); a name missing from it is only placed later, so an outdated file costs
/// speed, never correctness. Regenerate it after changes to the command path, from a release
/// build.
struct StartupOrderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "startup-order",
    abstract: "Writes the functions and data the everyday commands touch, for the linker's layout.",
    discussion: """
      Needs valgrind, and strip, nm and objdump (binutils); takes about ten minutes. Example,
      from the package folder:
        swift build -c release --static-swift-stdlib --product shoplist-bench
        .build/release/shoplist-bench startup-order --output Sources/shoplist/startup-order.txt
      """
  )

  @Option(help: ArgumentHelp("The shoplist binary (default: next to this one).", valueName: "path"))
  var shoplist: String?

  @Option(help: ArgumentHelp("Where to write the list of names.", valueName: "path"))
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
      let nm = Toolbox.onPath("nm", workspace.environment),
      let objdump = Toolbox.onPath("objdump", workspace.environment)
    else {
      throw BenchError("startup-order needs valgrind, strip, nm and objdump on the PATH")
    }
    // Valgrind reads the symbol table, not the debug information (which it cannot parse in a
    // static Swift executable).
    let stripped = workspace.path("shoplist")
    try ChildProcess.check(
      Invocation(
        executable: strip, arguments: ["--strip-debug", "-o", stripped, binary],
        environment: workspace.environment),
      scratch: workspace.path("strip"))
    let symbols = SymbolTable(
      nmOutput: try ChildProcess.output(
        of: Invocation(
          executable: nm,
          arguments: ["--defined-only", "--numeric-sort", "--print-size", stripped],
          environment: workspace.environment),
        scratch: workspace.path("nm")))

    let database = workspace.path("order.sqlite")
    let items = workspace.path("items.csv")
    try DataSet.writeCSV(count: 1_000, to: items)
    let tool = ShoplistTool(executable: stripped, environment: workspace.environment)
    try ChildProcess.check(
      tool.command(database, ["import", items, "--quiet"]), scratch: workspace.path("import"))

    var names = StartupOrder()
    for (index, arguments) in Self.commands.enumerated() {
      let trace = workspace.path("lackey.\(index)")
      var invocation = tool.command(database, arguments)
      invocation.arguments =
        ["--tool=lackey", "--trace-mem=yes", "--log-file=\(trace)", stripped]
        + invocation.arguments
      invocation.executable = valgrind
      try ChildProcess.check(invocation, scratch: workspace.path("run.\(index)"))
      guard let bytes = FileManager.default.contents(atPath: trace) else {
        throw BenchError("valgrind wrote no trace to \(trace)")
      }
      names.add(lackeyTrace: bytes, symbols: symbols)
      workspace.remove(trace)
    }
    // A function the executable defines more than once stays in the order when every object
    // file defining it gives it a section of its own: moving them all moves those functions
    // alone.
    let repeated = symbols.codeNamesDefinedMoreThanOnce
    let definitions = try Self.definitions(
      of: repeated, in: Self.objectFiles(besides: binary, environment: workspace.environment),
      objdump: objdump, workspace: workspace)
    let left = names.leaveOut(repeated.subtracting(definitions.namesEachInASectionOfItsOwn))
    try names.text.write(toFile: output, atomically: true, encoding: .utf8)
    print(
      "wrote \(names.count) names to \(output) (\(left) functions defined in more than one "
        + "place left out)"
    )
  }

  /// Where `objects` define `names`, listed by `objdump` a few hundred files at a time.
  static func definitions(
    of names: Set<String>, in objects: [String], objdump: String, workspace: Workspace
  ) throws -> ObjectSymbols {
    var definitions = ObjectSymbols(among: names)
    for (index, start) in stride(from: 0, to: objects.count, by: 400).enumerated() {
      let listing = try ChildProcess.output(
        of: Invocation(
          executable: objdump,
          arguments: ["--syms"] + objects[start..<min(start + 400, objects.count)],
          environment: workspace.environment),
        scratch: workspace.path("objdump.\(index)"))
      definitions.add(objdumpOutput: listing)
    }
    return definitions
  }

  /// The object files the executable at `binary` was linked from, as far as they can be found:
  /// those of the build folder it was built into (`.build/release/*.build`), and the Swift
  /// toolchain's static libraries.
  static func objectFiles(besides binary: String, environment: [String: String]) -> [String] {
    let files = FileManager.default
    var objects: [String] = []
    let buildFolder = URL(fileURLWithPath: binary).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for module in (try? files.contentsOfDirectory(atPath: buildFolder.path)) ?? []
    where module.hasSuffix(".build") {
      let folder = buildFolder.appendingPathComponent(module).path
      for case let file as String in files.enumerator(atPath: folder)?.allObjects ?? []
      where file.hasSuffix(".o") {
        objects.append(folder + "/" + file)
      }
    }
    if let swift = Toolbox.onPath("swift", environment) {
      let libraries = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("lib/swift_static/linux").path
      for file in (try? files.contentsOfDirectory(atPath: libraries)) ?? []
      where file.hasSuffix(".a") {
        objects.append(libraries + "/" + file)
      }
    }
    return objects.sorted()
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
