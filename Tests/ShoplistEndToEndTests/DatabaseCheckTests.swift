import Foundation
import ShoplistTestTraits
import Testing

/// `shoplist db check`, and what a damaged page does to the everyday commands.
@Suite(.offThePool, .enabled(if: Shoplist.hasSQLite3), .sqlitePass) struct DatabaseCheckTests {
  static let itemCount = 400

  static func itemName(_ number: Int) -> String {
    "Item \(number) with a name long enough to fill a few pages"
  }

  /// A database of ``itemCount`` items, written and closed.
  static func filled() throws -> Shoplist {
    let shoplist = try Shoplist()
    let items = (1...itemCount).map(itemName).joined(separator: "\n") + "\n"
    let result = try shoplist.run("import", "-", "--format", "text", stdin: items)
    #expect(result.status == 0, "\(result)")
    return shoplist
  }

  /// The leaf pages of the items' table, in order, each with the items it holds (by number:
  /// the items were added in order to a new database).
  static func itemPages(_ shoplist: Shoplist) throws -> [(page: Int, items: ClosedRange<Int>)] {
    let rows = try shoplist.sqlite(
      "SELECT pageno, ncell FROM dbstat WHERE name = 'product' AND pagetype = 'leaf' ORDER BY path"
    ).split(separator: "\n")
    var pages: [(Int, ClosedRange<Int>)] = []
    var first = 1
    for row in rows {
      let fields = row.split(separator: "|").compactMap { Int($0) }
      guard fields.count == 2 else { continue }
      pages.append((fields[0], first...(first + fields[1] - 1)))
      first += fields[1]
    }
    return pages
  }

  /// Overwrites `count` bytes at `offset` of page `page` with `byte`.
  static func damage(
    _ shoplist: Shoplist, page: Int, offset: Int, count: Int, with byte: UInt8 = 0xFF
  ) throws {
    let pageSize = try #require(Int(try shoplist.sqlite("PRAGMA page_size")))
    let handle = try FileHandle(forWritingTo: shoplist.database)
    try handle.seek(toOffset: UInt64((page - 1) * pageSize + offset))
    try handle.write(contentsOf: Data(repeating: byte, count: count))
    try handle.close()
  }

  /// A database whose middle page of items has its first cell pointers pointing past the
  /// page's end, and the number of an item on that page that they do not point to.
  static func damaged() throws -> (Shoplist, item: Int) {
    let shoplist = try filled()
    let pages = try itemPages(shoplist)
    #expect(pages.count > 3)
    let (page, items) = pages[pages.count / 2]
    // Right after the page's 8-byte header: the pointers to its first four cells.
    try damage(shoplist, page: page, offset: 8, count: 8)
    return (shoplist, items.upperBound)
  }

  @Test func aHealthyDatabaseIsOk() throws {
    let shoplist = try Self.filled()

    let result = try shoplist.run("db", "check")
    let json = try shoplist.run("db", "check", "--json")
    let quiet = try shoplist.run("db", "check", "-q")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "ok\n")
    #expect(result.stderr == "")
    #expect(json.stdout == #"{"ok": true, "problems": []}"# + "\n")
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "")
  }

  @Test func aDamagedDatabaseIsExit74WithTheProblemsOnStdoutAndIsLeftAsItWas() throws {
    let (shoplist, _) = try Self.damaged()
    let before = shoplist.fileBytes(shoplist.database)

    let result = try shoplist.run("db", "check")
    let json = try shoplist.run("db", "check", "--json")

    #expect(result.status == 74, "\(result)")
    let problems = result.stdout.split(separator: "\n")
    #expect(!problems.isEmpty)
    #expect(problems.allSatisfy { !$0.isEmpty && $0 != "ok" && !$0.contains("\\u{A}") })
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(result.stderr.contains("integrity check found"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(json.status == 74)
    #expect(try json.json()["ok"] as? Bool == false)
    #expect((try json.json()["problems"] as? [String])?.count == problems.count)
    #expect(shoplist.fileBytes(shoplist.database) == before)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: shoplist.database.deletingLastPathComponent().path)
    #expect(files == ["shoplist.sqlite"])
  }

  @Test func serveRefusesADamagedDatabaseBeforeListening() throws {
    let (shoplist, _) = try Self.damaged()
    let before = shoplist.fileBytes(shoplist.database)

    // Stopped after a while if it served after all.
    let result = try shoplist.runWithin(20, "serve", "--port", "0")

    #expect(result.status == 74, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(result.stderr.contains("integrity check found"))
    #expect(result.stderr.contains("not serving it"))
    #expect(shoplist.fileBytes(shoplist.database) == before)

    let healthy = try Self.filled()
    let server = try ServingShoplist(healthy)
    #expect(try server.request("GET", "/api/lists").status == 200)
    #expect(server.stop().status == 0)
  }

  @Test func aMissingDatabaseIsExit74AndNotCreated() throws {
    let shoplist = try Shoplist()

    let result = try shoplist.run("db", "check")

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: cannot open database"))
    #expect(result.stdout == "")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
    #expect(
      !FileManager.default.fileExists(atPath: shoplist.database.deletingLastPathComponent().path))
  }

  @Test func aFileThatIsNotADatabaseIsExit74AndLeftAsItWas() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file("notes.txt", "milk, bread\n")

    let result = try shoplist.run("db", "check", "--db", path)

    #expect(result.status == 74, "\(result)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "milk, bread\n")
  }

  @Test func anOlderDatabaseIsCheckedAsItIsWithoutBeingUpgraded() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    _ = try shoplist.sqlite("PRAGMA user_version = 3")
    let before = shoplist.fileBytes(shoplist.database)

    #expect(try shoplist.ok("db", "check").stdout == "ok\n")
    #expect(shoplist.fileBytes(shoplist.database) == before)
  }

  @Test func helpDescribesTheCommands() throws {
    let shoplist = try Shoplist()

    let group = try shoplist.ok("db", "--help")
    let check = try shoplist.ok("db", "check", "--help")
    let root = try shoplist.ok("--help")

    #expect(group.stdout.contains("check"))
    #expect(group.stdout.contains("Check the database file for damage."))
    #expect(check.stdout.contains("USAGE: shoplist db check"))
    #expect(check.stdout.contains("integrity check"))
    #expect(root.stdout.contains("db"))
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test(arguments: [["db", "chekc"], ["db"], ["db", "check", "extra"]])
  func aMissingOrUnknownDatabaseCommandIsAUsageError(arguments: [String]) throws {
    let shoplist = try Shoplist()

    let result = try shoplist.run(arguments: arguments)

    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "))
    #expect(result.stdout == "")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test func completionScriptsOfferTheDatabaseCommands() throws {
    let shoplist = try Shoplist()

    let script = try shoplist.ok("--generate-completion-script", "bash").stdout

    #expect(script.contains("db"))
    #expect(script.contains("_shoplist_db_check"))
  }

  /// SQLite's cheap corruption checks are on: a page whose cells lie past its end is refused
  /// by every command that reads it, and nothing is written.
  @Test(arguments: ["add", "toggle", "import"])
  func aPageWhoseCellsLiePastItsEndIsRefused(command: String) throws {
    let (shoplist, item) = try Self.damaged()
    let before = shoplist.fileBytes(shoplist.database)
    let name = Self.itemName(item)

    let result =
      switch command {
      case "add": try shoplist.run("add", name, "--note", "again")
      case "toggle": try shoplist.run("toggle", name)
      default: try shoplist.run("import", "-", "--format", "text", stdin: "\(name)\nbread\n")
      }

    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains("corrupt"), "\(result)")
    #expect(shoplist.fileBytes(shoplist.database) == before)
  }
}
