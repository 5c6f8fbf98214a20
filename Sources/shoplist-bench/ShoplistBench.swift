import ArgumentParser

/// Measures shoplist against the tools a user would use instead, side by side, in one run.
@main
struct ShoplistBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shoplist-bench",
    abstract: "Measures shoplist against sqlite3, Taskwarrior and todo.txt, side by side.",
    discussion: """
      Builds the same stores for every tool in a temporary folder, runs each command many \
      times alternating the tools, and prints the medians, the p90s, the peak memory and the \
      ratio of shoplist to each peer, with the targets and whether each is met. Peers that \
      are not installed are reported as skipped.

      Examples:
        swift run -c release shoplist-bench --quick
        swift run -c release shoplist-bench --sizes 100,10000 --markdown BENCHMARKS.md
        swift run -c release shoplist-bench micro
      """,
    subcommands: [RunCommand.self, MicroCommand.self, StartupOrderCommand.self],
    defaultSubcommand: RunCommand.self
  )
}
