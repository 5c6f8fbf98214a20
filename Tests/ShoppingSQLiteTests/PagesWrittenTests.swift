import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

/// What a change costs the disk: the pages its commit appends to the write-ahead log, read back
/// from the log itself (the database stays open, so nothing checkpoints it away).
@Suite("A commit writes only the pages its change needs")
struct PagesWrittenTests {
  let folder: TemporaryFolder
  let database: ShoppingDatabase

  init() throws {
    folder = try TemporaryFolder()
    database = try ShoppingDatabase(path: folder.path("shopping.sqlite"))
    // Enough items for the (list, name) index to fill pages of its own.
    try database.seedGroceries((1...400).map { product(UInt64($0), "Item \($0)") })
  }

  @Test func checkingAnItemLeavesTheNameIndexAlone() throws {
    var item = product(200, "Item 200", isChecked: true)
    item.updatedAt = now.addingTimeInterval(60)

    try database.write { try $0.execute([.updateProduct(item)]) }

    let written = try lastCommitPages()
    #expect(!written.isEmpty)
    #expect(written.isDisjoint(with: try pages(of: "product_listId_nameKey")))
    #expect(!written.isDisjoint(with: try pages(of: "product")))
    #expect(try database.everything().lists.first?.products[id: productID(200)] == item)
  }

  /// The other side: a rename does write the index, so the check above can see such a write.
  @Test func renamingAnItemWritesTheNameIndex() throws {
    let item = product(200, "Renamed")

    try database.write { try $0.execute([.updateProduct(item)]) }

    #expect(!(try lastCommitPages()).isDisjoint(with: try pages(of: "product_listId_nameKey")))
    #expect(try database.everything().lists.first?.products[id: productID(200)] == item)
  }

  @Test func aRenameToANameTakenChangesNothing() throws {
    var item = product(200, "ITEM 7", isChecked: true)
    item.note = "taken"

    #expect(throws: DatabaseError.self) {
      try database.write { try $0.execute([.updateProduct(item)]) }
    }

    #expect(
      try database.everything().lists.first?.products[id: productID(200)]
        == product(200, "Item 200"))
  }

  /// The pages of one table or index (SQLite's `dbstat`).
  func pages(of name: String) throws -> Set<Int64> {
    try database.withConnection { connection in
      var pages: Set<Int64> = []
      try connection.query("SELECT pageno FROM dbstat WHERE name = ?", [.text(name)]) { row in
        pages.insert(row.integer(0))
      }
      return pages
    }
  }

  /// The page numbers of the frames of the log's last transaction: those after the commit
  /// frame before it, up to its own (frames of an earlier generation of the log, whose salt
  /// differs from the header's, are not the log's).
  func lastCommitPages() throws -> Set<Int64> {
    let log = try Data(contentsOf: URL(fileURLWithPath: folder.path("shopping.sqlite-wal")))
    func word(_ offset: Int) -> UInt32 {
      log[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    let pageSize = Int(word(8))
    let salt = log[16..<24]
    var transactions: [[Int64]] = [[]]
    var offset = 32
    while offset + 24 + pageSize <= log.count, log[offset + 8..<offset + 16] == salt {
      transactions[transactions.count - 1].append(Int64(word(offset)))
      if word(offset + 4) != 0 { transactions.append([]) }
      offset += 24 + pageSize
    }
    return Set(transactions.dropLast().last ?? [])
  }
}
