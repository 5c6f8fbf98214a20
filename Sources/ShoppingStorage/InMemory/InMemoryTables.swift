import Foundation
import IdentifiedCollections
import ShoppingCore

/// Everything an ``InMemoryStorage`` holds: a value, so that a read transaction works on a
/// snapshot and a write transaction on a copy that replaces the original only when it commits.
struct InMemoryTables: Sendable {
  struct ListRow: Sendable {
    var id: UUID
    var name: String
    var createdAt: Date
    /// The list's sort key among lists made in the same instant (SQLite's rowid).
    var position: Int64
    /// Its usual shop.
    var shopID: UUID?
  }

  struct ShopRow: Sendable {
    var id: UUID
    var name: String
    var aisles: [String]
    /// The shop's sort key among shops.
    var position: Int64
  }

  struct ProductRow: Sendable {
    var product: Product
    var listID: UUID
    /// The item's sort key in its list.
    var position: Int64
    /// The order rows were added in: what orders two rows that share a sort key.
    var sequence: Int
  }

  struct HistoryRow: Sendable {
    var entry: HistoryEntry
    var change: ChangeRecord
  }

  struct MemberRow: Sendable {
    var member: Member
    var nameKey: NameKey
    /// Each device's secret's hash, by the device's identity.
    var secretHashes: [UUID: String]
  }

  var lists: [UUID: ListRow] = [:]
  var products: [UUID: ProductRow] = [:]
  var defaultList: UUID?
  var shops: [UUID: ShopRow] = [:]
  var defaultShop: UUID?
  var remembered: [NameKey: RememberedItem] = [:]
  var history: [HistoryRow] = []
  /// The first parts of a large change's record, by entry: the entry's row holds its last.
  var historyParts: [Int: [ChangeRecord]] = [:]
  var lastHistoryID = 0
  var members: [MemberRow] = []
  var invites: [StoredInvite] = []
  var settings: [String: String] = [:]
  var nextSequence = 0
  /// Raised by every commit.
  var version = 0

  /// The lists in their order.
  var orderedLists: [ListRow] {
    lists.values.sorted { $0.position < $1.position }
  }

  /// The shops in their order.
  var orderedShops: [ShopRow] { shops.values.sorted { $0.position < $1.position } }

  /// The rows of a list's items in list order.
  func rows(ofList id: UUID) -> [ProductRow] {
    products.values.filter { $0.listID == id }
      .sorted { ($0.position, $0.sequence) < ($1.position, $1.sequence) }
  }

  /// The list with its products loaded, in order.
  func loaded(_ row: ListRow) -> ShoppingList {
    let rows = rows(ofList: row.id)
    return ShoppingList(
      id: row.id, name: row.name, createdAt: row.createdAt,
      products: IdentifiedArray(uncheckedUniqueElements: rows.map(\.product), id: Product.idPath),
      loading: .complete, productKeys: rows.map { Naming.key($0.product.name) })
  }

  func header(_ row: ListRow) -> ShoppingList {
    ShoppingList(id: row.id, name: row.name, createdAt: row.createdAt, isLoaded: false)
  }
}
