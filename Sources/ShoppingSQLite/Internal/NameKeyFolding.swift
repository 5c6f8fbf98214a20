import Foundation
import ShoppingCore
import ShoppingStorage

/// The application step of migration 0004 (`fold-name-keys`): names came to be compared under
/// Unicode's full case folding, ignoring default-ignorable characters (see
/// ``ShoppingCore/NameKey``), so every stored `nameKey` is computed again, and names that now
/// compare equal are told apart.
///
/// Where two lists, or two items of one list, now share a key, the one made later (by
/// `createdAt`, `addedAt`, then the order the rows were written) is renamed with ` (2)`
/// appended, or ` (3)` and so on: never onto a name another list (another item of the list)
/// has, and never past 200 characters. Nothing is dropped or merged.
///
/// History keeps earlier versions of items and lists, which undo and redo write back. In them,
/// a renamed item's or list's name that compares equal to the name it had is numbered the same
/// way, so that taking back a change made before the migration neither fails on the clash nor
/// brings it back.
enum NameKeyFolding {
  static let step = MigrationStep(name: "fold-name-keys") { connection throws(DatabaseError) in
    try run(on: connection)
  }

  /// A list's or an item's row: its id, its name, and the key stored beside it.
  struct Named {
    var id: UUID
    var name: String
    var storedKey: String
  }

  /// A name the step changed.
  struct Rename: Equatable {
    var from: String
    var to: String
    /// The number appended.
    var number: Int
    /// The name it came to share, which stays.
    var sameAs: String
  }

  static func run(on connection: Connection) throws(DatabaseError) -> [MigrationNotice] {
    let lists = try rows(
      "SELECT id, name, nameKey, id FROM list ORDER BY createdAt, rowid", connection
    ).map(\.row)
    var products: [UUID: [Named]] = [:]
    for (listID, product) in try rows(
      "SELECT id, name, nameKey, listId FROM product ORDER BY addedAt, rowid", connection)
    {
      products[listID, default: []].append(product)
    }

    let listRenames = distinguish(lists)
    var productRenames: [UUID: Rename] = [:]
    var notices = lists.compactMap { list in
      listRenames[list.id].map {
        MigrationNotice.renamedList(from: $0.from, to: $0.to, sameAs: $0.sameAs)
      }
    }
    for list in lists {
      let items = products[list.id] ?? []
      let renames = distinguish(items)
      let listName = listRenames[list.id]?.to ?? list.name
      for item in items {
        guard let rename = renames[item.id] else { continue }
        productRenames[item.id] = rename
        notices.append(
          .renamedItem(from: rename.from, to: rename.to, list: listName, sameAs: rename.sameAs))
      }
    }

    try store(lists, renames: listRenames, table: "list", connection)
    try store(products.values.joined(), renames: productRenames, table: "product", connection)
    try rewriteHistory(
      HistoryRenames(products: productRenames, lists: listRenames), connection)
    return notices
  }

  /// The rows a query of id, name, key and owner (a product's list) returns, in its order.
  private static func rows(
    _ sql: String, _ connection: Connection
  ) throws(DatabaseError) -> [(owner: UUID, row: Named)] {
    var rows: [(owner: UUID, row: Named)] = []
    try connection.query(sql) { row throws(DatabaseError) in
      guard let id = row.uuid(0), let owner = row.uuid(3) else {
        throw DatabaseError(
          reason: .corrupt, path: connection.path, message: "invalid id \"\(row.text(0))\"")
      }
      rows.append((owner, Named(id: id, name: row.text(1), storedKey: row.text(2))))
    }
    return rows
  }

  /// The renames that give each of `rows` (in the order they were made) a key of its own:
  /// a row whose key an earlier one has is numbered, onto a key no row has.
  static func distinguish(_ rows: [Named]) -> [UUID: Rename] {
    let keys = rows.map { ShoppingRepository.key($0.name) }
    var taken = Set(keys)
    var holders: [NameKey: String] = [:]
    var renames: [UUID: Rename] = [:]
    for (row, key) in zip(rows, keys) {
      guard let holder = holders[key] else {
        holders[key] = row.name
        continue
      }
      var number = 2
      while taken.contains(ShoppingRepository.key(numbered(row.name, number))) { number += 1 }
      let name = numbered(row.name, number)
      taken.insert(ShoppingRepository.key(name))
      renames[row.id] = Rename(from: row.name, to: name, number: number, sameAs: holder)
    }
    return renames
  }

  /// `name` with ` (number)` appended, shortened first where the whole would be longer than a
  /// name may be.
  static func numbered(_ name: String, _ number: Int) -> String {
    let suffix = " (\(number))"
    let room = Naming.maximumLength - suffix.unicodeScalars.count
    var base = name.unicodeScalars
    if base.count > room {
      base = String.UnicodeScalarView(base.prefix(room))
      while let last = base.last, last.properties.isWhitespace { base.removeLast() }
    }
    return String(base) + suffix
  }

  /// Writes each row's name (where renamed) and new key (where it changed).
  private static func store(
    _ rows: some Sequence<Named>, renames: [UUID: Rename], table: String,
    _ connection: Connection
  ) throws(DatabaseError) {
    // The table is one of two literals of this file.
    let update = "UPDATE \(table) SET name = ?, nameKey = ? WHERE id = ?"
    for row in rows {
      let name = renames[row.id]?.to ?? row.name
      let key = ShoppingRepository.key(name)
      guard name != row.name || key.value != row.storedKey else { continue }
      try connection.run(update, [.text(name), .key(key), .id(row.id)])
    }
  }

  /// Renames, in every history record, the earlier versions of the renamed items and lists.
  private static func rewriteHistory(
    _ renames: HistoryRenames, _ connection: Connection
  ) throws(DatabaseError) {
    guard !renames.isEmpty else { return }
    var rewritten: [(Int64, [UInt8])] = []
    try connection.query("SELECT id, record FROM history ORDER BY id") {
      row throws(DatabaseError) in
      // A record that cannot be read is left as it is: undo reports it when asked to use it.
      guard let bytes = row.blob(1), let record = ChangeRecordCodec.decode(bytes) else { return }
      let renamed = renames.applied(to: record)
      if renamed != record {
        rewritten.append((row.integer(0), ChangeRecordCodec.encode(renamed)))
      }
    }
    for (id, bytes) in rewritten {
      try connection.run(
        "UPDATE history SET record = ? WHERE id = ?", [.bytes(bytes), .integer(id)])
    }
  }
}
