import Composable
import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingStorage

/// Everything a command needs from the world, injected: the process environment, the clock
/// and ids, the output streams and what they are connected to, and the global options the
/// command was given. ``live()`` is the process's; tests make their own and run commands in
/// process.
public struct CommandContext: Sendable {
  /// The environment variables (`SHOPLIST_DB`, `SHOPLIST_LIST`, `XDG_DATA_HOME`, `HOME`,
  /// `NO_COLOR`, `TERM`).
  public var environment: EnvironmentVariables
  /// The clock and the ids of new lists and items.
  public var shopping: ShoppingEnvironment
  /// Where output goes.
  public var io: CommandIO
  /// The global options of the command being run.
  var settings = CommandSettings()
  /// The command as typed, without the program's name and `--db`: what history calls it.
  var label = ""

  /// Creates a context.
  public init(environment: EnvironmentVariables, shopping: ShoppingEnvironment, io: CommandIO) {
    self.environment = environment
    self.shopping = shopping
    self.io = io
  }

  /// The process's own: its environment, the system clock, standard output and error.
  public static func live() -> CommandContext {
    CommandContext(
      environment: .process, shopping: .live, io: .standard
    )
  }

  /// This context for a command given `settings`.
  func with(_ settings: CommandSettings) -> CommandContext {
    var context = self
    context.settings = settings
    return context
  }

  /// This context for the command line `arguments`.
  func typed(_ arguments: [String]) -> CommandContext {
    var context = self
    context.label = CommandLabel.make(arguments)
    return context
  }

  /// Whether and how output may be styled.
  var terminal: Terminal {
    Terminal(
      useColor: io.stdoutIsTerminal && !settings.noColor
        && environment["NO_COLOR"].map(\.isEmpty) != false && environment["TERM"] != "dumb",
      stdoutIsTerminal: io.stdoutIsTerminal,
      stderrIsTerminal: io.stderrIsTerminal,
      columns: io.stdoutIsTerminal
        ? io.terminalColumns ?? environment["COLUMNS"].flatMap(Int.init).flatMap {
          $0 > 0 ? $0 : nil
        }
          ?? 80
        : nil
    )
  }

  // MARK: - The database

  /// The target list's name: `--list`, then `$SHOPLIST_LIST`; `nil` for the default list,
  /// which the database knows (see ``ShoppingService/defaultListName()``).
  func targetListName() throws -> String? {
    let raw = settings.list ?? environment.nonEmpty("SHOPLIST_LIST")
    return try raw.map(Naming.name)
  }

  /// The target list's name, the default list's read from the database when no list is named
  /// (the list named "shopping" when there is no database yet).
  func resolvedTargetListName() throws -> String {
    if let name = try targetListName() { return name }
    let path = try databasePath()
    guard ShoppingService.storageExists(at: path) else {
      return ShoppingService.defaultListName
    }
    return try openService(access: .read).defaultListName()
  }

  /// Refuses a target list named by `--list` or `$SHOPLIST_LIST` that does not exist but is a
  /// typo of one that does (see ``ShoppingService/refuseMistypedList(named:)``); a database not
  /// made yet has no lists to mistype.
  func refuseMistypedTargetList() throws {
    guard let name = try targetListName(),
      ShoppingService.storageExists(at: try databasePath())
    else { return }
    try openService(access: .read).refuseMistypedList(named: name)
  }

  /// The database file's path: `--db`, `$SHOPLIST_DB`, then the default places.
  func databasePath() throws -> String {
    try DatabaseLocation.path(option: settings.db, environment: environment)
  }

  /// How long to wait for a busy database.
  var busyTimeout: Duration {
    .milliseconds(Int64((settings.wait * 1000).rounded()))
  }

  /// Where `--trace` writes: standard error, what the values hold escaped.
  var trace: TraceOutput? {
    guard settings.trace else { return nil }
    let io = self.io
    return TraceOutput { text in io.standardError(Output.escapingLines(text)) }
  }

  /// The service over the database; `access: .read` for commands that only read, which then
  /// work on a database this user may not write.
  func openService(access: StorageAccess = .write) throws -> ShoppingService {
    announcingMigration(
      try ShoppingService(
        path: databasePath(), busyTimeout: busyTimeout, access: access, environment: shopping,
        trace: trace
      )
    )
  }

  /// `service`, once what migrating its database on opening changed is told on stderr.
  func announcingMigration(_ service: ShoppingService) -> ShoppingService {
    for notice in service.migrationNotices { warn(notice.description) }
    return service
  }

  // MARK: - Output

  /// Prints human text, its lines escaped (see ``Output/escapingLines(_:)``), unless
  /// `--quiet`.
  func say(_ text: String) throws {
    guard !settings.quiet else { return }
    try io.standardOutput(Output.escapingLines(text) + "\n")
  }

  /// Prints data asked for (a document, an export) as it is, `--quiet` or not.
  func write(_ data: String) throws {
    try io.standardOutput(data)
  }

  /// ``write(_:)`` for data written as UTF-8 bytes, printed as they are.
  func write(utf8 data: UnsafeRawBufferPointer) throws {
    try io.standardOutputBytes(data)
  }

  /// Prints an outcome: nothing with `--quiet`, `json` with `--json`, else `text`.
  func report(text: String, json: @autoclosure () -> String) throws {
    if settings.quiet { return }
    if settings.json { try write(json()) } else { try say(text) }
  }

  /// Prints a message on standard error, escaped.
  func warn(_ text: String) {
    io.standardError("shoplist: " + Output.escapingLines(text) + "\n")
  }
}

/// Where a command's output goes: the process's standard streams, or a test's buffers.
public struct CommandIO: Sendable {
  /// Writes to standard output; throws when it cannot (a closed pipe).
  public var standardOutput: @Sendable (String) throws -> Void
  /// Writes UTF-8 bytes to standard output, as ``standardOutput`` writes a string's: for
  /// output made as bytes (a long list's document), which need not become a string first.
  public var standardOutputBytes: @Sendable (UnsafeRawBufferPointer) throws -> Void
  /// Writes to standard error.
  public var standardError: @Sendable (String) -> Void
  /// Whether standard output is a terminal (colour, shortened tables).
  public var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal (progress bars).
  public var stderrIsTerminal: Bool
  /// The terminal's width, when standard output is a terminal that tells it (else
  /// `$COLUMNS`, else 80 columns, are assumed).
  public var terminalColumns: Int?

  /// Creates the streams of a context.
  ///
  /// - Parameters:
  ///   - standardOutput: Writes text to standard output.
  ///   - standardOutputBytes: Writes UTF-8 bytes there; by default, the bytes as a string
  ///     through `standardOutput`, one call each.
  ///   - standardError: Writes text to standard error.
  ///   - stdoutIsTerminal: Whether standard output is a terminal.
  ///   - stderrIsTerminal: Whether standard error is a terminal.
  ///   - terminalColumns: The terminal's width, when it tells it.
  public init(
    standardOutput: @escaping @Sendable (String) throws -> Void,
    standardOutputBytes: (@Sendable (UnsafeRawBufferPointer) throws -> Void)? = nil,
    standardError: @escaping @Sendable (String) -> Void,
    stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, terminalColumns: Int? = nil
  ) {
    self.standardOutput = standardOutput
    self.standardOutputBytes =
      standardOutputBytes ?? { try standardOutput(String(decoding: $0, as: UTF8.self)) }
    self.standardError = standardError
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.terminalColumns = terminalColumns
  }

  /// The process's standard output and error, written without stdio's buffers.
  public static var standard: CommandIO {
    let stdoutIsTerminal = Output.isTerminal(1)
    return CommandIO(
      standardOutput: { try Output.standardOutput($0) },
      standardOutputBytes: { try Output.standardOutput(utf8: $0) },
      standardError: { Output.standardError($0) },
      stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: Output.isTerminal(2),
      terminalColumns: stdoutIsTerminal ? Output.terminalColumns() : nil
    )
  }
}
