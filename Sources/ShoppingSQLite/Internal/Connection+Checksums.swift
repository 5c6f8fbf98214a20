import CPageChecksums
import CSQLite
import ShoppingStorage

/// The checksum at the end of every page (kept by the `CPageChecksums` VFS): room made for it,
/// and a page that does not match it told in words.
extension Connection {
  /// How many bytes at the end of each page a checksum takes.
  static let checksumBytes = Int(SHOPLIST_PAGE_CHECKSUM_BYTES)

  /// Gives each page room at its end for its checksum, which the VFS then keeps: set before
  /// the first page of a new database is written, or by rewriting an existing database once
  /// (`VACUUM`, which needs no transaction open and takes the write lock). Nothing to do for a
  /// database that has the room already, or lives in memory.
  func makeRoomForChecksums() throws(DatabaseError) {
    guard !isInMemory else { return }
    var reserved: Int32 = -1
    sqlite3_file_control(handle, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved)
    guard reserved != Int32(Self.checksumBytes) else { return }
    var wanted = Int32(Self.checksumBytes)
    let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_RESERVE_BYTES, &wanted)
    guard code == SQLITE_OK else { throw error(code) }
    var pages: Int64 = 0
    try query("PRAGMA page_count") { row throws(DatabaseError) in pages = row.integer(0) }
    if pages > 0 { try run("VACUUM") }
  }

  /// What the VFS found when a page read did not match its checksum, in words.
  func pageDamage() -> DatabaseError {
    var damage = shoplist_page_damage()
    sqlite3_file_control(handle, "main", SHOPLIST_FCNTL_PAGE_DAMAGE, &damage)
    let first = withUnsafeBytes(of: damage.first_problem) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let found =
      damage.problems < 0
      ? "the file could not be checked (\(first))"
      : "SQLite's integrity check finds \(damage.problems) problem"
        + (damage.problems == 1 ? "" : "s") + (first.isEmpty ? "" : ", the first: \(first)")
    return DatabaseError(
      reason: .damaged, path: path, resultCode: pageDamageError,
      message: "page \(damage.page) does not hold what was written to it, and \(found); "
        + "nothing was changed (`shoplist db check` lists the problems)"
    )
  }
}
