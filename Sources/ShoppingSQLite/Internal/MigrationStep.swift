import ShoppingStorage

/// Work a migration needs from the application, between statements of its SQL: what SQL
/// cannot do alone, such as computing names' keys by Unicode's rules. A migration names it on
/// a line of its own (see ``Migration``); it runs on the migrating connection, inside the
/// migration's transaction, so that it is applied with the SQL around it or not at all.
struct MigrationStep: Sendable {
  /// The name a migration calls it by.
  let name: String
  /// Does the work, and says what the user should hear of it.
  let run: @Sendable (Connection) throws(DatabaseError) -> [MigrationNotice]

  /// Every step the embedded migrations name, by name.
  static let embedded: [String: MigrationStep] = [
    NameKeyFolding.step.name: NameKeyFolding.step
  ]
}
