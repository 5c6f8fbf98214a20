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

/// A subcommand that runs until it is stopped (`serve`): its work is async, and awaited
/// without holding a thread (``Shoplist/runAsProgram(arguments:)``).
protocol RunningCommand: ShoplistCommand {
  /// Does the command's work, until it is stopped.
  func run(in context: CommandContext) async throws
}

extension RunningCommand {
  /// Refuses: a command that runs until it is stopped is not run by a synchronous caller,
  /// which would have to block its thread meanwhile.
  func run(in context: CommandContext) throws {
    throw CommandError.unavailable(
      "\(Self._commandName) runs until it is stopped: run it as the shoplist program, or from "
        + "async code with `await Shoplist.run(arguments:)`")
  }
}
