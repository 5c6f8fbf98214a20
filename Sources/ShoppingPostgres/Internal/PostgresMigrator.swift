import Foundation
import PostgresNIO
import ShoppingStorage

/// One numbered file of `Migrations/postgres`, embedded in the binary at build time.
struct Migration: Equatable, Sendable {
  /// The file's number: 1 for `0001_initial.sql`.
  let version: Int
  /// The file's name without `.sql`.
  let name: String
  /// The file's SQL: statements ending with `;` at the end of a line.
  let sql: String

  /// The statements, one at a time (the extended protocol takes one per query), without the
  /// comment lines.
  var statements: [String] {
    var statements: [String] = []
    var current = ""
    for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("--") || trimmed.isEmpty { continue }
      current += line + "\n"
      if trimmed.hasSuffix(";") {
        statements.append(current)
        current = ""
      }
    }
    if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      statements.append(current)
    }
    return statements
  }
}

/// Brings the `shoplist` schema of a database up to date: creates it on first use, applies each
/// missing migration in its own transaction and records it in `shoplist.migration`. Two
/// processes starting at once take turns (an advisory lock); a schema from a newer shoplist, or
/// a `shoplist` schema something else made, is refused and left untouched.
struct PostgresMigrator {
  let session: Session
  var migrations: [Migration] = Migration.embedded

  /// The lock migrations take, apart from the writers' one.
  static let lock: Int64 = 0x5348_4F50_4D49_4752

  func migrate() throws(DatabaseError) {
    // Nearly every opening finds the schema up to date: one statement, outside any transaction
    // and without the lock, says so. A schema not made yet (the statement fails), an older one,
    // or one a migration is being applied to right now (its rows not yet committed) takes the
    // path below, a migration at a time under the lock.
    let latest = migrations.last?.version ?? 0
    if let version = try? session.query(
      "SELECT coalesce(max(version), 0) FROM shoplist.migration"
    ).first?.integer(0), version >= latest {
      if version > latest {
        throw DatabaseError(
          reason: .newerSchema(version: Int(version), supported: latest),
          path: session.location, message: "")
      }
      return
    }
    for migration in migrations {
      try apply(migration)
    }
  }

  private func apply(_ migration: Migration) throws(DatabaseError) {
    try session.execute("BEGIN")
    do throws(DatabaseError) {
      try session.execute("SELECT pg_advisory_xact_lock(\(Self.lock))")
      let version = try currentVersion()
      let latest = migrations.last?.version ?? 0
      if version > latest {
        throw DatabaseError(
          reason: .newerSchema(version: version, supported: latest), path: session.location,
          message: "")
      }
      if version >= migration.version {
        try session.execute("COMMIT")
        return
      }
      try session.execute("SET LOCAL search_path TO shoplist")
      for statement in migration.statements {
        try session.execute(statement)
      }
      var binds = PostgresBindings()
      binds.append(migration.version)
      binds.append(migration.name)
      try session.execute(
        "INSERT INTO shoplist.migration (version, name, applied_at) VALUES ($1, $2, now())", binds)
      try session.execute("COMMIT")
    } catch {
      _ = try? session.execute("ROLLBACK")
      throw error
    }
  }

  /// The schema's version, creating the schema and its migration table when there is no
  /// `shoplist` schema yet (or an empty one, made for shoplist by an administrator).
  private func currentVersion() throws(DatabaseError) -> Int {
    let tables = try session.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'shoplist'"
    ).map { row throws(DatabaseError) in try row.text(0) }
    if tables.isEmpty {
      try session.execute("CREATE SCHEMA IF NOT EXISTS shoplist")
      try session.execute(
        """
        CREATE TABLE shoplist.migration (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL
        )
        """)
      return 0
    }
    guard tables.contains("migration") else {
      throw DatabaseError(
        reason: .corrupt, path: session.location,
        message: "its schema \"shoplist\" holds tables shoplist did not make; nothing was changed")
    }
    return Int(
      try session.query("SELECT coalesce(max(version), 0) FROM shoplist.migration").first?
        .integer(0) ?? 0)
  }
}
