import ArgumentParser
import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

struct DbCopyCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "copy",
    abstract: "Copy the whole database into another, of either kind.",
    discussion: """
      Copies every list with its items (ids, order and times kept), the default list, the \
      shop order, the household's members and the history (numbers and times kept, so undo \
      goes on from the copy) into TARGET: an SQLite file's path or a postgres:// URL, missing \
      or empty. One transaction on the target: all of it is copied, or nothing. A TARGET \
      holding any item, any list but an empty `shopping`, any history or any member is \
      refused (exit 65) and left as it was.

      Examples:
        shoplist db copy postgres://me@db.home/shoplist     # move a household up
        shoplist --db postgres://me@db.home/shoplist db copy backup.sqlite
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The database to fill: a file's path or a postgres:// URL.")
  var target: String

  func run(in context: CommandContext) throws {
    let source = try context.databasePath()
    guard !target.isEmpty else {
      throw CommandError.usage("db copy needs a TARGET, not an empty one")
    }
    try ShoppingService.checkLocation(target)
    guard !Self.sameFile(source, target) else {
      throw CommandError.usage("TARGET is the database being copied")
    }
    guard ShoppingService.storageExists(at: source) else {
      throw CopyError.noSource(source)
    }
    let sourceStorage = try ShoppingService.openStorage(
      at: source, busyTimeout: context.busyTimeout, access: .read)
    let isNewFile = !ShoppingService.storageExists(at: target)
    let summary: CopySummary
    let shown: String
    do {
      let targetStorage = try ShoppingService.openStorage(
        at: target, busyTimeout: context.busyTimeout)
      shown = targetStorage.location
      summary = try ShoppingService.copyDatabase(from: sourceStorage, to: targetStorage)
    } catch {
      // A file this command made and could not fill goes again: a failed copy leaves no
      // empty database behind to be mistaken for the copy.
      if isNewFile { Self.removeDatabaseFile(target) }
      throw error
    }
    try context.report(
      text: "copied \(Describe.count(summary.lists, "list")), "
        + "\(Describe.count(summary.items, "item")), "
        + "\(Describe.count(summary.members, "member")) and "
        + "\(summary.historyEntries) history \(summary.historyEntries == 1 ? "entry" : "entries")"
        + " to \(shown)",
      json: JSONValue.object([
        "target": .string(shown), "lists": .integer(summary.lists),
        "items": .integer(summary.items), "members": .integer(summary.members),
        "history": .integer(summary.historyEntries),
      ]).document
    )
  }

  /// Whether two locations name one database: the same URL as written, or paths of one file.
  private static func sameFile(_ first: String, _ second: String) -> Bool {
    if first == second { return true }
    if first.contains("://") || second.contains("://") { return false }
    let paths = [first, second].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    if paths[0] == paths[1] { return true }
    var a = stat()
    var b = stat()
    guard stat(paths[0], &a) == 0, stat(paths[1], &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// Removes an SQLite file and its companions.
  private static func removeDatabaseFile(_ path: String) {
    guard ShoppingService.storageExists(at: path), !path.contains("://") else { return }
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}
