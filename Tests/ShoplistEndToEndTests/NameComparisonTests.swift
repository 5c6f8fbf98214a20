import Foundation
import ShoplistTestTraits
import Testing

/// Names that only look different are one name: compared under Unicode's full case folding,
/// ignoring default-ignorable characters.
@Suite(.offThePool) struct NameComparisonTests {
  static let lookAlikes: [(String, String)] = [
    ("milk", "mi\u{200D}lk"), ("Weißwurst", "WEISSWURST"), ("ΟΔΟΣ", "οδος"),
    ("ﬁsh", "FISH"), ("soda", "so\u{AD}da"), ("❤", "❤\u{FE0F}"),
  ]

  @Test(arguments: lookAlikes)
  func addingALookAlikeUpdatesTheItemInsteadOfMakingASecond(first: String, second: String)
    throws
  {
    let shoplist = try Shoplist()
    try shoplist.ok("add", first)

    let result = try shoplist.run("add", second, "--quantity", "2")

    #expect(result.status == 0, "\(result)")
    let items = try shoplist.run("list", "--json").json()["items"] as? [[String: Any]] ?? []
    #expect(items.count == 1)
    // Stored as the user last wrote it.
    #expect(items.first?["name"] as? String == second)
    #expect(items.first?["quantity"] as? Int == 2)
  }

  @Test func aLookAlikeReferenceFindsTheItem() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Weißwurst", "ΟΔΟΣ", "milk")

    let checked = try shoplist.run("check", "WEISSWURST", "οδος", "mi\u{200D}lk")
    let prefix = try shoplist.run("uncheck", "weiss")

    #expect(checked.stdout == "checked Weißwurst\nchecked ΟΔΟΣ\nchecked milk\n", "\(checked)")
    #expect(prefix.stdout == "unchecked Weißwurst\n", "\(prefix)")
  }

  @Test func renamingOntoALookAlikeOfAnotherItemIsRefused() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")

    let result = try shoplist.run("rename", "eggs", "MI\u{200D}LK")

    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("already in list"))
    #expect(try shoplist.names() == ["milk", "eggs"])
  }

  @Test func listsAreOneListUnderTheSameRule() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("lists", "create", "Καφές")

    let create = try shoplist.run("lists", "create", "ΚΑΦΈΣ")
    let add = try shoplist.run("add", "beans", "--list", "καφέσ")

    #expect(create.status == 65, "\(create)")
    #expect(add.status == 0, "\(add)")
    let lists = try shoplist.run("lists", "--json").json()["lists"] as? [[String: Any]]
    #expect(lists?.map { $0["name"] as? String } == ["Καφές"])
    #expect(try shoplist.names(list: "Καφές") == ["beans"])
  }

  @Test func anImportMergesLookAlikesIntoOneItem() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Weißwurst")
    let file = try shoplist.file("week.txt", "WEISSWURST\nmilk\nmi\u{200D}lk\n")

    let result = try shoplist.run("import", file)

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names().count == 2)
  }

  @Test func findAndSortFoldTheSameWay() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Weizen", "Weißwurst", "Weisel")

    let found = try shoplist.run("find", "weissw", "--json").json()["items"] as? [[String: Any]]
    try shoplist.ok("sort", "--by", "name")

    #expect(found?.map { $0["name"] as? String } == ["Weißwurst"])
    #expect(try shoplist.names() == ["Weisel", "Weißwurst", "Weizen"])
  }
}
