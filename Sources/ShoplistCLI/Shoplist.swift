import ArgumentParser
import Foundation
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The `shoplist` command: a persistent shopping list for the shell, cron and scripts.
public struct Shoplist: ParsableCommand {
  /// The version `--version` prints: the package's own (``ShoppingCore/ShoplistVersion``).
  public static let version = ShoplistVersion.current

  public static let configuration = CommandConfiguration(
    commandName: "shoplist",
    abstract: "A persistent shopping list for the shell, cron jobs and scripts.",
    discussion: """
      Items are referred to by their number in `shoplist list`, their name (any case), or the \
      start of exactly one item's name. Global options (--db, --list, --json, --quiet, \
      --trace, --no-color, --wait) go before or after the command.

      The database is --db, else $SHOPLIST_DB, else $XDG_DATA_HOME/shoplist/shoplist.sqlite, \
      else ~/.local/share/shoplist/shoplist.sqlite. The list is --list, else $SHOPLIST_LIST, \
      else the default list ("shopping" unless `shoplist lists default NAME` chose another). \
      `shoplist` alone shows the list.

      Exit codes: \(ExitStatus.summary).
      """,
    version: "shoplist \(version)",
    subcommands: [
      AddCommand.self, ToggleCommand.self, CheckCommand.self, UncheckCommand.self,
      RenameCommand.self, EditCommand.self, RemoveCommand.self, ListCommand.self,
      ClearCommand.self, ResetCommand.self, MoveCommand.self, SortCommand.self,
      ListsCommand.self, ImportCommand.self, ExportCommand.self, HistoryCommand.self,
      UndoCommand.self, RedoCommand.self, FindCommand.self, AislesCommand.self, ShopsCommand.self,
      ServeCommand.self,
      MembersCommand.self, DbCommand.self,
    ]
  )

  public init() {}

  /// Runs the command line in this process and returns its exit status. Every failure is
  /// one `shoplist: …` line on stderr; the database is left as it was.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name.
  ///   - context: The environment, clock, ids and output streams (the process's by default).
  public static func run(arguments: [String], context: CommandContext = .live()) -> Int32 {
    let normalised = ArgumentOrder.normalised(arguments)
    if normalised == ["--generate-completion-script", "bash"]
      || normalised == ["--generate-completion-script=bash"]
    {
      try? context.io.standardOutput(BashCompletion.script())
      return 0
    }
    let parsed: ParsableCommand
    if let quick = QuickParser.parse(normalised) {
      // Already a shoplist command: no dynamic cast (its first use searches every protocol
      // conformance in the binary, a tenth of a millisecond).
      return run(quick.settings, context: context, arguments: arguments, quick.run)
    } else if let problem = ArgumentCheck.problem(in: normalised) {
      return report(problem, context)
    } else if let direct = CommandDispatch.parseDirectly(normalised) {
      parsed = direct
    } else {
      do {
        parsed = try parseAsRoot(normalised)
      } catch {
        return reportParserOutcome(error, context)
      }
    }
    if let command = parsed as? any ShoplistCommand {
      return run(command.global.settings, context: context, arguments: arguments, command.run)
    }
    do {
      var command = parsed
      try command.run()
      return 0
    } catch {
      return reportParserOutcome(error, context)
    }
  }

  /// Runs the command line as the `shoplist` program, and exits with its status.
  ///
  /// A command that runs until it is stopped (`serve`) is awaited on Swift's threads while this
  /// thread serves the main queue, as an async `main` would; every other command runs here,
  /// without starting anything asynchronous.
  ///
  /// - Parameter arguments: The arguments after the program's name.
  public static func runAsProgram(arguments: [String]) -> Never {
    // Only an invocation that names `serve` somewhere is parsed twice.
    guard arguments.contains("serve"), let command = runningCommand(in: arguments) else {
      Foundation.exit(run(arguments: arguments))
    }
    let context = CommandContext.live()
    Task {
      Foundation.exit(await run(command, context: context, arguments: arguments))
    }
    dispatchMain()
  }

  /// Runs the command line in this process from async code, and returns its exit status: a
  /// command that runs until it is stopped (`serve`) is awaited without holding a thread;
  /// every other runs as ``run(arguments:context:)`` runs it.
  public static func run(arguments: [String], context: CommandContext = .live()) async -> Int32 {
    guard let command = runningCommand(in: arguments) else {
      return runSynchronously(arguments, context)
    }
    return await run(command, context: context, arguments: arguments)
  }

  /// The command that runs until it is stopped which `arguments` name, if they name one.
  private static func runningCommand(in arguments: [String]) -> (any RunningCommand)? {
    CommandDispatch.parseDirectly(ArgumentOrder.normalised(arguments)) as? any RunningCommand
  }

  /// ``run(arguments:context:)``, the synchronous one, which async code would not otherwise
  /// choose.
  private static func runSynchronously(_ arguments: [String], _ context: CommandContext) -> Int32 {
    run(arguments: arguments, context: context)
  }

  private static func run(
    _ command: any RunningCommand, context: CommandContext, arguments: [String]
  ) async -> Int32 {
    do {
      try await command.run(in: context.with(command.global.settings).typed(arguments))
      return 0
    } catch let error as any ShoplistError {
      return report(error, context)
    } catch {
      return reportParserOutcome(error, context)
    }
  }

  /// Runs a command's work with its global options `settings`, and says how it ended.
  private static func run(
    _ settings: CommandSettings, context: CommandContext, arguments: [String],
    _ work: (CommandContext) throws -> Void
  ) -> Int32 {
    do {
      try work(context.with(settings).typed(arguments))
      return 0
    } catch let error as any ShoplistError {
      // Every failure of shoplist's own says its exit status (``ShoplistError``).
      return report(error, context)
    } catch {
      // What is left comes from the argument parser: a help request, or a validation error.
      return reportParserOutcome(error, context)
    }
  }

  private static func report(_ error: any Error, _ context: CommandContext) -> Int32 {
    let failure = ExitStatus.failure(for: error)
    // Escaped as a whole as well: whatever a message quotes, one line reaches the terminal.
    context.io.standardError("shoplist: \(DisplayText.escaped(failure.message))\n")
    return failure.status.rawValue
  }

  /// Help, version and completion requests print on stdout and succeed; anything else the
  /// parser reports is a usage error.
  private static func reportParserOutcome(_ error: any Error, _ context: CommandContext) -> Int32 {
    if exitCode(for: error) == .success {
      try? context.io.standardOutput(fullMessage(for: error) + "\n")
      return 0
    }
    var message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    message = Self.lowercasedFirst(message)
    if message.hasPrefix("unknown option") {
      message += "; \(ArgumentCheck.dashDashHint)"
    }
    context.io.standardError(
      "shoplist: \(DisplayText.escaped(message)) (see shoplist --help)\n"
    )
    return ExitStatus.usage.rawValue
  }

  private static func lowercasedFirst(_ text: String) -> String {
    let trimmed = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
    guard let first = trimmed.first, first.isUppercase,
      trimmed.dropFirst().first?.isLowercase == true
    else { return trimmed }
    return first.lowercased() + trimmed.dropFirst()
  }
}
