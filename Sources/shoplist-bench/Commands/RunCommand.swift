import ArgumentParser
import Foundation

/// Runs the rows of the plan and prints (and optionally writes) the report.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Runs the side-by-side benchmarks (the default command)."
  )

  @OptionGroup var options: BenchOptions

  func run() throws {
    let report = try Self.measure(options.plan())
    print(report.tables)
    if let path = options.markdown {
      try report.writeSection(to: path)
      FileHandle.standardError.write(Data("shoplist-bench: wrote the results to \(path)\n".utf8))
    }
  }

  static func measure(_ plan: BenchPlan) throws -> Report {
    let workspace = try Workspace.make()
    let origin = plan.shoplistPath ?? Toolbox.defaultShoplistPath()
    defer {
      if plan.keepData {
        FileHandle.standardError.write(
          Data("shoplist-bench: data kept in \(workspace.root)\n".utf8))
      } else {
        workspace.removeAll()
      }
    }
    let needsTools = plan.rows.contains { $0 != .micro }
    var report = Report(
      machine: .current(), commandLine: commandLine, date: Date(), tools: [])
    if needsTools {
      let plan = try plan.measuringCopies(in: workspace)
      let tools = try Toolbox.locate(shoplistPath: plan.shoplistPath, workspace: workspace)
      report.tools = tools.versions(
        scratch: workspace.scratch, origin: origin, readBack: plan.readBack)
      let context = BenchContext(plan: plan, tools: tools, workspace: workspace)
      if plan.includes(.add) || plan.includes(.toggle) || plan.includes(.list) {
        report.commands += try CommandBenchmarks(context: context).run()
      }
      if plan.includes(.history) {
        report.commands += try HistoryBenchmarks(context: context).run()
      }
      if plan.includes(.references) {
        report.commands += try ReferenceBenchmarks(context: context).run()
      }
      if plan.includes(.import) || plan.includes(.reimport) {
        report.commands += try ImportBenchmarks(context: context).run()
      }
      if plan.includes(.concurrent) {
        report.concurrency = ConcurrencyBenchmark(context: context).run()
      }
      if plan.includes(.serve) {
        report.serve = try ServeBenchmarks(context: context).run()
      }
      if plan.includes(.postgres) {
        let postgres = try PostgresBenchmarks(context: context).run()
        report.postgres = postgres.groups
        report.postgresServe = postgres.serve
        report.tools += postgres.tools
      }
    }
    if plan.includes(.micro) {
      report.micro = try MicroBenchmarks(
        scale: plan.micro, folder: workspace.root,
        progress: { FileHandle.standardError.write(Data("shoplist-bench: \($0)\n".utf8)) }
      ).run()
    }
    report.loadAtEnd = MachineInfo.loadAverage()
    return report
  }

  /// This run's command line, the program relative to the working folder when inside it.
  static var commandLine: String {
    let arguments = CommandLine.arguments
    var program = arguments.first ?? "shoplist-bench"
    let folder = FileManager.default.currentDirectoryPath + "/"
    if program.hasPrefix(folder) { program = String(program.dropFirst(folder.count)) }
    return ([program] + arguments.dropFirst()).map(Invocation.quoted).joined(separator: " ")
  }
}
