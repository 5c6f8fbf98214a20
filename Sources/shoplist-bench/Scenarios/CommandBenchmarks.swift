import Foundation
import ShoppingStorage

/// The add, toggle and list rows: one command on a store of each size, for every tool.
struct CommandBenchmarks {
  let context: BenchContext

  /// The stores of one size, one per tool; a peer that is not installed has none, one whose
  /// store could not be built has the reason.
  private struct Stores {
    var shoplist: String
    var sqlite3: Result<String, BenchError>?
    var task: Result<Taskwarrior.Store, BenchError>?
    var todoTxt: Result<TodoTxt.Store, BenchError>?
    /// The previous build's, made by that build itself (this build's schema may be newer than
    /// it can open).
    var previous: Result<String, BenchError>?
  }

  /// The line of the build before the change, in every row it is given for.
  static let previousTool = "previous build"

  func run() throws -> [ResultGroup] {
    let plan = context.plan
    var groups: [ResultGroup] = []
    for size in plan.sizes {
      context.progress("building the stores of \(grouped(size)) items")
      let folder = try context.workspace.folder("stores-\(size)")
      let stores = try makeStores(size: size, in: folder)
      let runs = plan.runs(forItems: size)
      if plan.includes(.add) {
        context.progress("add · \(grouped(size)) items · \(runs) runs per tool")
        groups.append(add(size: size, stores: stores, runs: runs))
      }
      if plan.includes(.toggle) {
        context.progress("toggle · \(grouped(size)) items · \(runs) runs per tool")
        groups.append(toggle(size: size, stores: stores, runs: runs))
      }
      if plan.includes(.list) {
        context.progress("list · \(grouped(size)) items · \(runs) runs per tool")
        groups.append(list(size: size, stores: stores, runs: runs))
      }
      if !plan.keepData { context.workspace.remove(folder) }
    }
    return groups
  }

  private func makeStores(size: Int, in folder: String) throws -> Stores {
    let tools = context.tools
    let scratch = context.workspace.scratch
    let shoplist = folder + "/shoplist.sqlite"
    if context.plan.shoplistPath == nil {
      try tools.shoplist.create(shoplist, items: size)
    } else {
      // Another build, whose schema may not be this library's: its store is its own import.
      try importStore(shoplist, size: size, by: tools.shoplist, in: folder)
    }
    var stores = Stores(shoplist: shoplist)
    if let previous = context.plan.previousPath {
      stores.previous = attempt {
        let database = folder + "/previous.sqlite"
        let tool = ShoplistTool(executable: previous, environment: tools.shoplist.environment)
        try importStore(database, size: size, by: tool, in: folder)
        return database
      }
    }
    if let sqlite3 = tools.sqlite3 {
      stores.sqlite3 = attempt {
        let csv = folder + "/items.csv"
        try DataSet.writeCSV(count: size, to: csv)
        let database = folder + "/sqlite3.sqlite"
        try sqlite3.create(database, importing: csv, scratch: scratch)
        return database
      }
    }
    if let task = tools.task {
      stores.task = attempt {
        let json = folder + "/items.json"
        try DataSet.writeTaskJSON(count: size, uuids: true, to: json)
        return try task.create(in: folder + "/task", importing: json, scratch: scratch)
      }
    }
    if let todoTxt = tools.todoTxt {
      stores.todoTxt = attempt {
        let todo = folder + "/todo"
        try FileManager.default.createDirectory(atPath: todo, withIntermediateDirectories: true)
        return try todoTxt.create(in: todo, items: size)
      }
    }
    return stores
  }

  /// A store of `size` generated items made by `tool` itself, importing them.
  private func importStore(
    _ database: String, size: Int, by tool: ShoplistTool, in folder: String
  ) throws {
    let csv = folder + "/import-\(size).csv"
    if !FileManager.default.fileExists(atPath: csv) { try DataSet.writeCSV(count: size, to: csv) }
    try ChildProcess.check(
      tool.command(database, ["import", csv, "-q"]), scratch: context.workspace.scratch)
  }

  // MARK: - Rows

  private func add(size: Int, stores: Stores, runs: Int) -> ResultGroup {
    let tools = context.tools
    let arguments: @Sendable (Int) -> [String] = { ["add", DataSet.extraName($0)] }
    let shoplist = Contender(tool: "shoplist") { iteration in
      tools.shoplist.command(stores.shoplist, arguments(iteration))
    }
    return measure(
      "add", size: size, runs: runs, shoplist: shoplist, stores: stores, previous: arguments,
      sqlite3: { sqlite3, database in
        Contender(tool: "sqlite3") { sqlite3.insert(database, name: DataSet.extraName($0)) }
      },
      task: { task, store in
        Contender(tool: "task") { task.add(store, name: DataSet.extraName($0)) }
      },
      todoTxt: { todoTxt, store in
        Contender(tool: "todo-txt") { todoTxt.add(store, name: DataSet.extraName($0)) }
      },
      targets: commandTargets(size: size)
    )
  }

  private func toggle(size: Int, stores: Stores, runs: Int) -> ResultGroup {
    let tools = context.tools
    let item = DataSet.toggleTarget(count: size)
    let arguments: @Sendable (Int) -> [String] = { _ in ["toggle", item.name] }
    let shoplist = Contender(tool: "shoplist") {
      tools.shoplist.command(stores.shoplist, arguments($0))
    }
    return measure(
      "toggle", size: size, runs: runs, shoplist: shoplist, stores: stores, previous: arguments,
      sqlite3: { sqlite3, database in
        Contender(tool: "sqlite3") { _ in sqlite3.toggle(database, name: item.name) }
      },
      task: { task, store in
        Contender(tool: "task") { task.toggle(store, uuid: item.uuid, iteration: $0) }
      },
      todoTxt: { todoTxt, store in
        Contender(tool: "todo-txt") { todoTxt.toggle(store, item: item, iteration: $0) }
      },
      targets: commandTargets(size: size)
    )
  }

  private func list(size: Int, stores: Stores, runs: Int) -> ResultGroup {
    let tools = context.tools
    let arguments: @Sendable (Int) -> [String] = { _ in ["list", "--json"] }
    let shoplist = Contender(tool: "shoplist") {
      tools.shoplist.command(stores.shoplist, arguments($0))
    }
    var targets: [String: Target] = [:]
    if size == 10_000 { targets["sqlite3"] = .atMost(3) }
    return measure(
      "list --json", size: size, runs: runs, shoplist: shoplist, stores: stores,
      previous: arguments,
      sqlite3: { sqlite3, database in
        Contender(tool: "sqlite3") { _ in sqlite3.select(database) }
      },
      task: { task, store in Contender(tool: "task") { _ in task.export(store) } },
      todoTxt: { todoTxt, store in Contender(tool: "todo-txt") { _ in todoTxt.list(store) } },
      targets: targets
    )
  }

  /// add and toggle: at most twice the sqlite3 floor up to 10,000 items, at least ten times
  /// faster than Taskwarrior at 100,000.
  private func commandTargets(size: Int) -> [String: Target] {
    switch size {
    case 100, 10_000: ["sqlite3": .atMost(2)]
    case 100_000: ["task": .fasterBy(10)]
    default: [:]
    }
  }

  // MARK: - Measuring

  private func measure(
    _ benchmark: String, size: Int, runs: Int, shoplist: Contender, stores: Stores,
    previous arguments: @escaping @Sendable (Int) -> [String],
    sqlite3: (SQLiteShell, String) -> Contender,
    task: (Taskwarrior, Taskwarrior.Store) -> Contender,
    todoTxt: (TodoTxt, TodoTxt.Store) -> Contender,
    targets: [String: Target]
  ) -> ResultGroup {
    var contenders = [shoplist]
    var lines: [String: ResultLine] = [:]
    func enlist<Tool, Store>(
      _ name: String, _ tool: Tool?, _ store: Result<Store, BenchError>?,
      _ make: (Tool, Store) -> Contender
    ) {
      switch (tool, store) {
      case let (tool?, .success(store)?): contenders.append(make(tool, store))
      case let (_, .failure(error)?):
        lines[name] = ResultLine(tool: name, outcome: .failed("store: \(error)"))
      default: lines[name] = ResultLine(tool: name, outcome: .skipped(Toolbox.skippedReason))
      }
    }
    let tools = context.tools
    enlist("sqlite3", tools.sqlite3, stores.sqlite3, sqlite3)
    enlist("task", tools.task, stores.task, task)
    enlist("todo-txt", tools.todoTxt, stores.todoTxt, todoTxt)
    if let path = context.plan.previousPath {
      let previous = ShoplistTool(executable: path, environment: tools.shoplist.environment)
      enlist(Self.previousTool, previous, stores.previous) { tool, store in
        Contender(tool: Self.previousTool) { tool.command(store, arguments($0)) }
      }
    }

    let results = context.runner(runs: runs, warmups: 1).measure(contenders)
    for (contender, result) in zip(contenders, results) {
      lines[contender.tool] = ResultLine(tool: contender.tool, result: result)
    }
    let order = ["shoplist", Self.previousTool, "sqlite3", "task", "todo-txt"]
    var targets = targets
    targets[Self.previousTool] = .atMost(1.05)
    return ResultGroup(
      benchmark: benchmark, items: size,
      lines: order.compactMap { name in
        guard var line = lines[name] else { return nil }
        line.target = targets[name]
        return line
      }
    )
  }

  private func attempt<T>(_ body: () throws -> T) -> Result<T, BenchError> {
    do {
      return .success(try body())
    } catch let error as BenchError {
      return .failure(error)
    } catch {
      return .failure(BenchError("\(error)"))
    }
  }
}
