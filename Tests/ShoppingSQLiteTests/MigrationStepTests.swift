import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// A migration may have the application do what SQL cannot, between its statements and in its
/// transaction.
@Suite("Application steps of migrations")
struct MigrationStepTests {
  let folder: TemporaryFolder
  /// A connection to a new, empty database file.
  let connection: Connection

  init() throws {
    folder = try TemporaryFolder()
    let path = folder.path("shopping.sqlite")
    try DatabaseFile.prepare(path)
    connection = try Connection(path: path)
  }

  @Test func aStepLineCutsTheSQLWhereTheStepRuns() {
    let migration = Migration(
      version: 1, name: "0001_x",
      sql: "CREATE TABLE a (b);\n-- application step: fill-a \r\nCREATE INDEX c ON a (b);"
    )

    #expect(
      migration.parts == [
        .sql("CREATE TABLE a (b);\n"), .step("fill-a"), .sql("CREATE INDEX c ON a (b);\n"),
      ])
    #expect(migration.stepNames == ["fill-a"])
  }

  @Test func everyStepTheMigrationsNameExistsAndEveryStepIsNamed() {
    let named = Migration.embedded.flatMap(\.stepNames)

    #expect(Set(named) == Set(MigrationStep.embedded.keys))
    #expect(named.count == Set(named).count)
    #expect(MigrationStep.embedded.allSatisfy { $0.key == $0.value.name })
  }

  /// A migration past the embedded ones: a table, a step that fills it, an index over it.
  static func filling(
    _ step: @escaping @Sendable (Connection) throws(DatabaseError) -> [MigrationNotice]
  ) -> Migrator {
    let version = Migration.embedded.count + 1
    return Migrator(
      migrations: Migration.embedded + [
        Migration(
          version: version, name: "\(version)_fill",
          sql: """
            CREATE TABLE extra (value TEXT);
            -- application step: fill
            CREATE UNIQUE INDEX extra_value ON extra (value);
            """
        )
      ],
      steps: MigrationStep.embedded.merging(["fill": MigrationStep(name: "fill", run: step)]) {
        $1
      }
    )
  }

  @Test func theStepRunsBetweenTheStatementsAndWhatItTellsComesBack() throws {
    let notice = MigrationNotice.renamedList(from: "a", to: "a (2)", sameAs: "A")

    let notices = try Self.filling { connection throws(DatabaseError) in
      // The table exists, the index does not yet: a duplicate goes in.
      try connection.run("INSERT INTO extra (value) VALUES ('x'), ('y')")
      return [notice]
    }.migrate(connection)

    #expect(notices == [notice])
    #expect(try connection.integer("SELECT count(*) FROM extra") == 2)
    #expect(throws: DatabaseError.self) {
      try connection.run("INSERT INTO extra (value) VALUES ('x')")
    }
  }

  @Test func aFailingStepTakesItsMigrationBackWhole() throws {

    let error = #expect(throws: DatabaseError.self) {
      try Self.filling { connection throws(DatabaseError) in
        try connection.run("INSERT INTO extra (value) VALUES ('x'), ('x')")
        return []
      }.migrate(connection)
    }

    #expect(error?.reason == .constraintViolation)
    #expect(try connection.integer("PRAGMA user_version") == Migration.embedded.count)
    #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
  }

  @Test func aStepNoApplicationHasIsRefused() throws {
    let migrator = Migrator(
      migrations: Migration.embedded + [
        Migration(
          version: Migration.embedded.count + 1, name: "9999_typo",
          sql: "CREATE TABLE extra (value TEXT);\n-- application step: fil\n")
      ])

    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(connection) }

    #expect(error?.message.contains("unknown application step fil") == true)
    #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
  }
}
