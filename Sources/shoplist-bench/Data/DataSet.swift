import Foundation

/// The generated items every tool gets: the same names, quantities, units, categories and notes,
/// written in each tool's own format.
///
/// Item `i` (from 0) is named `item 0000001` for `i = 0`: fixed width, so that names sort in
/// list order and none is a prefix of another.
enum DataSet {
  struct Item: Equatable, Sendable {
    let index: Int
    let name: String
    let quantity: Int
    let unit: String
    let category: String
    let note: String

    /// A fixed UUID per item, for the tools that keep one (Taskwarrior's toggle needs it).
    var uuid: String {
      let hex = String(index, radix: 16)
      return "b3a70000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count))
        + hex
    }
  }

  static let units = ["", "kg", "l", "pack", ""]
  static let categories = ["dairy", "bakery", "produce", "frozen", "pantry", "drinks", "household"]

  static func name(_ index: Int) -> String {
    let digits = String(index + 1)
    return "item " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }

  static func item(_ index: Int) -> Item {
    Item(
      index: index,
      name: name(index),
      quantity: 1 + index % 5,
      unit: units[index % units.count],
      category: categories[index % categories.count],
      note: index % 10 == 0 ? "bench note" : ""
    )
  }

  /// The item a toggle row flips: the one in the middle of a list of `count`.
  static func toggleTarget(count: Int) -> Item {
    item(count / 2)
  }

  /// A name no generated item has, for the items the add rows create.
  static func extraName(_ iteration: Int) -> String {
    "extra \(iteration)"
  }

  // MARK: - Files

  /// The CSV header every tool's import reads; shoplist and sqlite3 read the same file.
  static let csvHeader = "name,quantity,unit,category,note,checked"

  /// Writes items `0..<count` as CSV with a header row.
  static func writeCSV(count: Int, to path: String) throws {
    try write(to: path, header: csvHeader + "\n", count: count) { item in
      "\(item.name),\(item.quantity),\(item.unit),\(item.category),\(item.note),0\n"
    }
  }

  /// Writes items `0..<count` as rows of shoplist's own `product` table, its columns in order
  /// (id, listId, position, name, nameKey, isChecked, quantity, unit, category, note, addedAt,
  /// updatedAt), for `sqlite3 .import` straight into shoplist's schema: time-ordered upper-case
  /// ids like shoplist's, positions 1…n, the name as its key (the names are lower-case ASCII),
  /// one timestamp. Absent units and notes are empty text here, where shoplist stores NULL.
  static func writeShoplistRowsCSV(count: Int, listID: String, to path: String) throws {
    let stamp = "2026-11-21T10:00:00Z"
    try write(to: path, header: "", count: count) { item in
      let hex = String(item.index, radix: 16, uppercase: true)
      let id =
        "019AB3A7-0000-7000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count))
        + hex
      return "\(id),\(listID),\(item.index + 1),\(item.name),\(item.name),0,\(item.quantity),"
        + "\(item.unit),\(item.category),\(item.note),\(stamp),\(stamp)\n"
    }
  }

  /// Writes items `0..<count` as the JSON array `task import` reads; with `uuids`, each task
  /// keeps the item's fixed UUID.
  static func writeTaskJSON(count: Int, uuids: Bool, to path: String) throws {
    try write(to: path, header: "[\n", footer: "]\n", count: count) { item in
      let uuid = uuids ? "\"uuid\":\"\(item.uuid)\"," : ""
      let comma = item.index + 1 < count ? "," : ""
      return "{\(uuid)\"description\":\"\(item.name)\",\"status\":\"pending\","
        + "\"entry\":\"20261121T100000Z\",\"project\":\"\(item.category)\"}\(comma)\n"
    }
  }

  /// Writes items `0..<count` as todo.txt lines (`item 0000001 +dairy`).
  static func writeTodoTxt(count: Int, to path: String) throws {
    try write(to: path, header: "", count: count) { todoLine($0) + "\n" }
  }

  static func todoLine(_ item: Item) -> String {
    "\(item.name) +\(item.category)"
  }

  private static func write(
    to path: String, header: String, footer: String = "", count: Int,
    line: (Item) -> String
  ) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw BenchError("cannot create \(path)")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var buffer = header
    for index in 0..<count {
      buffer += line(item(index))
      if buffer.utf8.count >= 1 << 20 {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
      }
    }
    buffer += footer
    try handle.write(contentsOf: Data(buffer.utf8))
  }
}
