import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Copying a whole database

/// Why `db copy` was refused. Nothing was written.
public enum CopyError: Error, Equatable, CustomStringConvertible {
  /// There is no database to copy at the location named.
  case noSource(String)
  /// The target already holds data, which the copy would mix with or hide.
  case targetNotEmpty(String, holding: String)

  public var description: String {
    switch self {
    case let .noSource(location): "no database at \(location) to copy"
    case let .targetNotEmpty(location, holding):
      "\(location) is not empty (it holds \(holding)); db copy fills only an empty database"
    }
  }
}

/// What ``ShoppingService/copyDatabase(from:to:)`` copied.
public struct CopySummary: Equatable, Sendable {
  /// The lists copied.
  public var lists: Int
  /// The items copied, over every list.
  public var items: Int
  /// The members copied.
  public var members: Int
  /// The history entries copied.
  public var historyEntries: Int
}

extension ShoppingService {
  /// Copies the whole of `source` — lists, items with their ids, sort keys and times, the
  /// default list, the shop order, members and the history with its records — into `target`,
  /// in one transaction on each: a snapshot read of the source, one write on the target.
  ///
  /// The target must be empty: no item, no list but an empty one (a fresh database's
  /// `shopping`, which the copy replaces), no history and no member. The copy's own writing
  /// is not recorded in the target's history: the history copied stays the whole of it, its
  /// entries under their numbers, so undo goes on from where the source was.
  ///
  /// ```swift
  /// // ShoppingEngines opens either engine by its path or URL.
  /// let source = try ShoppingService.openStorage(at: "shoplist.sqlite")
  /// let target = try ShoppingService.openStorage(at: "postgres://me@db.home/shoplist")
  /// try ShoppingService.copyDatabase(from: source, to: target)
  /// ```
  ///
  /// - Throws: ``CopyError/targetNotEmpty(_:holding:)``, leaving the target as it was, or
  ///   either storage's `ShoppingStorage/DatabaseError`.
  @discardableResult
  public static func copyDatabase(
    from source: any ShoppingStorage, to target: any ShoppingStorage
  ) throws -> CopySummary {
    let contents = try source.read { try $0.storedContents() }
    try target.write { transaction in
      let emptyLists = try checkEmpty(transaction, location: target.location)
      if !emptyLists.isEmpty { try transaction.execute(emptyLists.map { .deleteList($0) }) }
      try transaction.insertStoredContents(contents)
    }
    return CopySummary(
      lists: contents.lists.count,
      items: contents.lists.reduce(0) { $0 + $1.list.products.count },
      members: contents.members.count, historyEntries: contents.history.count)
  }

  /// Refuses a target that holds anything a copy would mix with; otherwise the empty lists
  /// it has (a fresh database's `shopping`), which the copy removes.
  private static func checkEmpty(
    _ transaction: some StorageTransaction, location: String
  ) throws -> [ShoppingList.ID] {
    let summaries = try transaction.listSummaries()
    let items = summaries.reduce(0) { $0 + $1.items }
    let fresh = Naming.key(ShoppingState.fallbackDefaultListName)
    let others = summaries.filter { Naming.key($0.name) != fresh }
    let history = try transaction.historyLinks().entries.count
    let members = try transaction.members().count
    var held: [String] = []
    if items > 0 { held.append(count(items, "item")) }
    if !others.isEmpty { held.append(count(others.count, "other list")) }
    if history > 0 { held.append(count(history, "history entry", plural: "history entries")) }
    if members > 0 { held.append(count(members, "member")) }
    guard held.isEmpty else {
      throw CopyError.targetNotEmpty(location, holding: held.joined(separator: ", "))
    }
    return summaries.map(\.id)
  }

  private static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
  }
}
