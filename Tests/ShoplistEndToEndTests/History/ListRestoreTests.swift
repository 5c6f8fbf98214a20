import Foundation
import ShoplistTestTraits
import Testing

/// An undone `lists delete` puts the list back as it was among the lists: at its place, with
/// its default mark, its items in their order, and the shop order untouched.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct ListRestoreTests {
  /// What a user sees of the lists: every list's JSON (`lists --json` marks the default),
  /// `lists` as text, and the shop order.
  func everything(_ shoplist: Shoplist) throws -> [String] {
    try shoplist.everyList() + [shoplist.ok("lists").stdout, shoplist.ok("aisles").stdout]
  }

  /// Lists `names`, made in one second: they tie on their creation time, and only the order
  /// they were made in tells them apart.
  func tiedLists(_ names: [String]) throws -> Shoplist {
    let shoplist = try Shoplist()
    for name in names { try shoplist.ok("lists", "create", name) }
    _ = try shoplist.sqlite("UPDATE list SET createdAt = '2026-11-21T10:00:00Z'")
    return shoplist
  }

  @Test func anUndoneDeletionPutsTheListBackInItsPlace() throws {
    let shoplist = try tiedLists(["shopping", "a", "b", "c"])
    try shoplist.ok("add", "x", "y", "z", "--list", "b")
    try shoplist.ok("move", "z", "1", "--list", "b")
    try shoplist.ok("lists", "default", "b")
    try shoplist.ok("aisles", "dairy", "bakery")
    let before = try everything(shoplist)
    try shoplist.ok("lists", "delete", "b", "--force")
    let deleted = try everything(shoplist)

    try shoplist.ok("undo")

    #expect(try everything(shoplist) == before)
    let lines = try shoplist.ok("lists").stdout.split(separator: "\n")
    #expect(lines.count == 4 && lines[2].hasPrefix("b ") && lines[2].hasSuffix("(default)"))
    // And again after a redo and its undo.
    try shoplist.ok("redo")
    #expect(try everything(shoplist) == deleted)
    try shoplist.ok("undo")
    #expect(try everything(shoplist) == before)
  }

  @Test func aListMadeSinceStaysAfterTheListBack() throws {
    let shoplist = try tiedLists(["shopping", "a", "b"])
    try shoplist.ok("lists", "delete", "b")
    // Made after `b` was deleted (in the same second, in a test): it comes after `b`.
    try shoplist.ok("lists", "create", "c")
    _ = try shoplist.sqlite("UPDATE list SET createdAt = '2026-11-21T10:00:00Z'")

    try shoplist.ok("undo", "4")

    let lists = try shoplist.ok("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(lists?.compactMap { $0["name"] as? String } == ["shopping", "a", "b", "c"])
    #expect(try shoplist.integrityCheck() == "ok")
  }

  @Test func aDeletionRecordedBeforeListsKeptTheirPlaceStillUndoes() throws {
    let shoplist = try tiedLists(["shopping", "a", "b"])
    try shoplist.ok("add", "x", "y", "--list", "b")
    try shoplist.ok("lists", "default", "b")
    try shoplist.ok("lists", "delete", "b", "--force")
    // The record as an earlier release wrote it: without the lists' places at its end (a
    // count, then the list's id, key and mark: 1 + 16 + 8 + 1 bytes), nor the three counts
    // of shops after them (3 bytes).
    _ = try shoplist.sqlite(
      "UPDATE history SET record = substr(record, 1, length(record) - 29) WHERE id = 6")

    try shoplist.ok("undo")

    #expect(try shoplist.names(list: "b") == ["x", "y"])
    let lists = try shoplist.ok("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(Set(lists?.compactMap { $0["name"] as? String } ?? []) == ["shopping", "a", "b"])
    let marked = try shoplist.ok("lists").stdout.split(separator: "\n").filter {
      $0.hasSuffix("(default)")
    }
    #expect(marked.count == 1 && marked[0].hasPrefix("b "), "\(marked)")
    #expect(try shoplist.integrityCheck() == "ok")
  }
}
