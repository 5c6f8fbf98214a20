/// One numbered file of the Migrations/ folder, embedded in the binary at build time.
struct Migration: Equatable, Sendable {
  /// The file's number: 1 for `0001_initial.sql`.
  let version: Int
  /// The file's name without `.sql`: `0001_initial`.
  let name: String
  /// The file's SQL.
  let sql: String
}
