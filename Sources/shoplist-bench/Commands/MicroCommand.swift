import ArgumentParser
import Foundation

/// Runs only the in-process micro-benchmarks: no binaries, no peers.
struct MicroCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "micro",
    abstract: "Runs the in-process micro-benchmarks of the reducer, the store and the import."
  )

  @OptionGroup var options: BenchOptions

  func run() throws {
    var plan = options.plan()
    plan.rows = [.micro]
    let report = try RunCommand.measure(plan)
    print(report.tables)
    if let path = options.markdown {
      try report.writeSection(to: path)
    }
  }
}
