import Foundation

/// One numbered file of the Migrations/ folder, embedded in the binary at build time.
///
/// A migration is SQL, and may have the application do what SQL cannot (compute names' keys
/// by Unicode's rules) between its statements: a line `-- application step: NAME` runs the
/// ``MigrationStep`` of that name there, in the migration's transaction. To any other reader
/// of the file, the line is a comment.
struct Migration: Equatable, Sendable {
  /// The file's number: 1 for `0001_initial.sql`.
  let version: Int
  /// The file's name without `.sql`: `0001_initial`.
  let name: String
  /// The file's SQL.
  let sql: String

  /// A piece of a migration, run in order.
  enum Part: Equatable {
    /// Statements to execute.
    case sql(String)
    /// The application step of this name.
    case step(String)
  }

  /// What starts the line that names an application step.
  static let stepMarker = "-- application step:"

  /// The SQL cut at the lines naming application steps, and those steps, in order.
  var parts: [Part] {
    var parts: [Part] = []
    var statements = ""
    for line in sql.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      guard line.hasPrefix(Self.stepMarker) else {
        statements += line + "\n"
        continue
      }
      let name = line.dropFirst(Self.stepMarker.count)
      parts += [.sql(statements), .step(name.trimmingCharacters(in: .whitespacesAndNewlines))]
      statements = ""
    }
    return parts + [.sql(statements)]
  }

  /// The names of the application steps the migration runs.
  var stepNames: [String] {
    parts.compactMap { part in
      if case let .step(name) = part { name } else { nil }
    }
  }
}
