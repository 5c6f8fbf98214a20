import Foundation

/// The `sqlite3` shell on a hand-made table: the floor no list tool can be much faster than.
///
/// The table has the columns of the CSV files and a unique index on the name (case-insensitive,
/// as shoplist's names are), in WAL mode like shoplist's database. It keeps no ids, positions or
/// timestamps: it is the least a list needs.
struct SQLiteShell {
  let executable: String
  let environment: [String: String]

  static let schema = """
    PRAGMA journal_mode = WAL;
    CREATE TABLE product (
      name TEXT NOT NULL COLLATE NOCASE,
      quantity TEXT NOT NULL,
      unit TEXT,
      category TEXT,
      note TEXT,
      checked INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX product_name ON product (name);
    """

  func command(_ database: String, _ arguments: [String]) -> Invocation {
    Invocation(
      executable: executable, arguments: [database] + arguments, environment: environment)
  }

  /// Creates the table, and fills it from `csv` when given.
  func create(_ database: String, importing csv: String? = nil, scratch: String) throws {
    try ChildProcess.check(command(database, [Self.schema]), scratch: scratch)
    if let csv {
      try ChildProcess.check(importCSV(database, csv), scratch: scratch)
    }
  }

  func insert(_ database: String, name: String, waitingForLocks: Bool = false) -> Invocation {
    let sql = "INSERT INTO product VALUES (\(Self.literal(name)), '1', NULL, NULL, NULL, 0)"
    var invocation = command(database, [sql])
    if waitingForLocks {
      invocation.arguments = ["-cmd", ".timeout 5000"] + invocation.arguments
    }
    return invocation
  }

  func toggle(_ database: String, name: String) -> Invocation {
    command(
      database, ["UPDATE product SET checked = 1 - checked WHERE name = \(Self.literal(name))"])
  }

  /// The same columns `shoplist list --json` prints (those the table has), as JSON.
  func select(_ database: String) -> Invocation {
    var invocation = command(
      database,
      [
        """
        SELECT rowid AS position, name, checked, quantity, unit, category, note \
        FROM product ORDER BY rowid
        """
      ])
    invocation.arguments.insert("-json", at: 0)
    return invocation
  }

  func importCSV(_ database: String, _ csv: String) -> Invocation {
    command(database, [".import --csv --skip 1 \(csv) product"])
  }

  /// The id the shoplist-schema floor gives the default list, so that one generated file of
  /// rows fits every fresh database.
  static let shoplistSchemaListID = "019AB3A7-0000-7000-8000-FFFFFFFFFFFF"

  /// Gives the default list of the empty shoplist database at `database` the id the rows of
  /// ``DataSet/writeShoplistRowsCSV(count:listID:to:)`` name.
  func claimShoplistList(_ database: String, scratch: String) throws {
    let sql = "UPDATE list SET id = \(Self.literal(Self.shoplistSchemaListID))"
    try ChildProcess.check(command(database, [sql]), scratch: scratch)
  }

  /// `.import` of rows already in shoplist's shape into its `product` table, under the
  /// connection settings shoplist's own writes run with: foreign keys checked, the same
  /// 96 MB page cache. What SQLite alone needs to store those rows.
  func importShoplistRows(_ database: String, _ csv: String) -> Invocation {
    var invocation = command(database, [".import --csv \(csv) product"])
    invocation.arguments =
      ["-cmd", "PRAGMA foreign_keys = ON; PRAGMA cache_size = -98304"] + invocation.arguments
    return invocation
  }

  func itemCount(_ database: String, scratch: String) throws -> Int {
    let text = try ChildProcess.output(
      of: command(database, ["SELECT count(*) FROM product"]), scratch: scratch)
    guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchError("sqlite3 printed no count: \(text.prefix(80))")
    }
    return count
  }

  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
