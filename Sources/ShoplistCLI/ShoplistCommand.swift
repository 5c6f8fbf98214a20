import ArgumentParser

/// A shoplist subcommand: parsed by the argument parser, run against an injected
/// ``CommandContext`` (the process's in production, a test's in process).
protocol ShoplistCommand: ParsableCommand {
  /// The global options, wherever they stood.
  var global: GlobalOptions { get }
  /// Does the command's work.
  func run(in context: CommandContext) throws
}

extension ShoplistCommand {
  func run() throws {
    try run(in: CommandContext.live().with(global.settings))
  }
}
