import Foundation

/// `psql` running one statement on the PostgreSQL database shoplist uses: the floor for one
/// process on PostgreSQL, as the `sqlite3` shell is on SQLite.
///
/// Each command connects the way shoplist does — the same URL (TCP to the loopback address,
/// SCRAM password authentication, no TLS) — runs one statement on shoplist's own tables in the
/// schema `shoplist`, and exits. It is the cluster's own `psql` binary, not Debian's
/// `/usr/bin/psql`, a Perl wrapper that costs more than the statement.
struct PostgresShell {
  let executable: String
  let environment: [String: String]

  /// The columns `shoplist import` fills, in the order of
  /// ``DataSet/writeShoplistRowsCSV(count:listID:to:)``'s rows.
  static let rowColumns =
    "id, list_id, position, name, name_key, is_checked, quantity, unit, category, note, "
    + "added_at, updated_at"

  /// `psql -X -q -A -t` on `url` (or any connection string) running `sql` (or one backslash
  /// command), stopping at an error.
  func command(_ url: String, _ sql: String) -> Invocation {
    Invocation(
      executable: executable,
      arguments: ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
      environment: environment)
  }

  /// Appends an item to the end of list `listID`: a new id, the next position, the current
  /// second; the other columns keep their defaults.
  func insert(_ url: String, listID: String, name: String) -> Invocation {
    let list = SQLiteShell.literal(listID)
    let name = SQLiteShell.literal(name)
    return command(
      url,
      """
      INSERT INTO shoplist.product (id, list_id, position, name, name_key, added_at, updated_at) \
      SELECT gen_random_uuid(), \(list), coalesce(max(position), 0) + 1, \(name), lower(\(name)), \
      date_trunc('second', now()), date_trunc('second', now()) \
      FROM shoplist.product WHERE list_id = \(list)
      """)
  }

  /// Flips the checked state of the item of list `listID` named `name` (lower-case ASCII, so
  /// its own key), found through the unique index shoplist's lookups use.
  func toggle(_ url: String, listID: String, name: String) -> Invocation {
    command(
      url,
      """
      UPDATE shoplist.product SET is_checked = NOT is_checked \
      WHERE list_id = \(SQLiteShell.literal(listID)) AND name_key = \(SQLiteShell.literal(name))
      """)
  }

  /// The items of list `listID` in list order as one JSON array, with the fields
  /// `shoplist list --json` prints for each.
  func select(_ url: String, listID: String) -> Invocation {
    command(
      url,
      """
      SELECT coalesce(json_agg(json_build_object('id', id, 'position', n, 'name', name, \
      'checked', is_checked, 'quantity', quantity, 'unit', unit, 'category', category, \
      'note', note, 'addedAt', added_at, 'updatedAt', updated_at) ORDER BY n), '[]') \
      FROM (SELECT *, row_number() OVER (ORDER BY position, sequence) AS n \
      FROM shoplist.product WHERE list_id = \(SQLiteShell.literal(listID))) AS item
      """)
  }

  /// `\copy` of rows already in shoplist's shape (``DataSet/writeShoplistRowsCSV``) into
  /// `shoplist.product`: what PostgreSQL alone needs to store them. Its CSV format reads the
  /// empty units and notes as NULL, as shoplist stores them.
  func copyShoplistRows(_ url: String, _ csv: String) -> Invocation {
    command(url, "\\copy shoplist.product (\(Self.rowColumns)) FROM '\(csv)' WITH (FORMAT csv)")
  }

  /// Gives the default list of the empty shoplist database at `url` the id the floor's rows
  /// name (``SQLiteShell/shoplistSchemaListID``).
  func claimShoplistList(_ url: String, scratch: String) throws {
    let sql =
      "UPDATE shoplist.list SET id = \(SQLiteShell.literal(SQLiteShell.shoplistSchemaListID))"
    try ChildProcess.check(command(url, sql), scratch: scratch)
  }

  /// The id of the list `shopping`, which the floor's statements name.
  func listID(_ url: String, scratch: String) throws -> String {
    let sql =
      "SELECT id FROM shoplist.list WHERE name_key = \(SQLiteShell.literal(ShoplistTool.listName))"
    let text = try ChildProcess.output(of: command(url, sql), scratch: scratch)
    let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard UUID(uuidString: id) != nil else {
      throw BenchError("psql found no list \(ShoplistTool.listName): \(text.prefix(80))")
    }
    return id
  }

  /// The number of items in the database, of every list.
  func itemCount(_ url: String, scratch: String) throws -> Int {
    let text = try ChildProcess.output(
      of: command(url, "SELECT count(*) FROM shoplist.product"), scratch: scratch)
    guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchError("psql printed no count: \(text.prefix(80))")
    }
    return count
  }
}
