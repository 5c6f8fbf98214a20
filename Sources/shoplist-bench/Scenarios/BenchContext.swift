import Foundation

/// What every scenario needs: the plan, the tools, the workspace.
struct BenchContext {
  let plan: BenchPlan
  let tools: Toolbox
  let workspace: Workspace

  /// Prints a progress line on standard error.
  func progress(_ message: String) {
    FileHandle.standardError.write(Data("shoplist-bench: \(message)\n".utf8))
  }

  func runner(runs: Int, warmups: Int) -> AlternatingRunner {
    AlternatingRunner(runs: runs, warmups: warmups, scratch: workspace.path("timed"))
  }
}
