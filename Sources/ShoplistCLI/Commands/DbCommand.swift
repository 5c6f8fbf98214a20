import ArgumentParser

/// The database file as a whole, rather than the lists in it.
struct DbCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "db",
    abstract: "Look after the database file itself.",
    subcommands: [DbCheckCommand.self, DbCopyCommand.self]
  )

  /// `db` alone names no work: a usage error, not help and success.
  func run() throws {
    throw ValidationError("missing command after db: check or copy")
  }
}
