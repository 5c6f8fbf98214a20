import Foundation
import ShoplistTestTraits
import Testing

/// The contract's "Shops", through the built binary: each shop's own aisle order, the default
/// shop, each list's usual shop, the errors, and the undo of each change.
@Suite(.offThePool) struct ShopsCommandTests {
  /// Milk (dairy), Bread (bakery) and Juice (drinks) on `shopping`; the default shop's order
  /// bakery, dairy; Lidl's dairy, drinks, bakery.
  func twoShops() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "--category", "dairy")
    try shoplist.ok("add", "Bread", "--category", "bakery")
    try shoplist.ok("add", "Juice", "--category", "drinks")
    try shoplist.ok("aisles", "bakery", "dairy")
    try shoplist.ok("aisles", "--shop", "Lidl", "dairy", "drinks", "bakery")
    return shoplist
  }

  /// What a user can see of shops and lists: every shop with its order, and every list with
  /// its shop.
  func state(_ shoplist: Shoplist) throws -> String {
    try shoplist.ok("shops", "--json").stdout + shoplist.ok("lists", "--json").stdout
  }

  @Test func eachShopKeepsItsOwnOrderAndTheFirstIsTheDefault() throws {
    let shoplist = try twoShops()

    #expect(
      try shoplist.ok("shops").stdout
        == "default  bakery → dairy  (default)\nLidl     dairy → drinks → bakery\n")
    #expect(
      try shoplist.ok("shops", "--json").stdout
        == #"{"shops": [{"name": "default", "aisles": ["bakery", "dairy"], "default": true}, "#
        + #"{"name": "Lidl", "aisles": ["dairy", "drinks", "bakery"], "default": false}]}"# + "\n")
    #expect(try shoplist.ok("aisles").stdout == "shop order: bakery → dairy\n")
    #expect(
      try shoplist.ok("aisles", "--shop", "lidl").stdout
        == "shop order of Lidl: dairy → drinks → bakery\n")
    #expect(
      try shoplist.ok("aisles", "--shop", "Lidl", "--json").stdout
        == #"{"aisles": ["dairy", "drinks", "bakery"]}"# + "\n")
  }

  @Test func aListIsSortedByItsShopUnlessAnotherIsNamed() throws {
    let shoplist = try twoShops()
    // No shop of its own: the default shop's order.
    try shoplist.ok("sort", "--by", "aisle")
    #expect(try shoplist.names() == ["Bread", "Milk", "Juice"])

    #expect(
      try shoplist.ok("lists", "shop", "shopping", "Lidl").stdout
        == "shopping is now bought at Lidl\n")
    #expect(try shoplist.ok("lists", "shop", "shopping").stdout == "shopping is bought at Lidl\n")
    #expect(
      try shoplist.ok("lists", "shop", "shopping", "--json").stdout
        == #"{"list": "shopping", "shop": "Lidl"}"# + "\n")
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == #"{"lists": [{"name": "shopping", "items": 3, "checked": 0, "default": true, "#
        + #""shop": "Lidl"}]}"# + "\n")
    try shoplist.ok("sort", "--by", "aisle")
    #expect(try shoplist.names() == ["Milk", "Juice", "Bread"])
    try shoplist.ok("sort", "--by", "aisle", "--shop", "DEFAULT")
    #expect(try shoplist.names() == ["Bread", "Milk", "Juice"])

    // Shown by aisle without changing the stored order: the list's shop, or the one named.
    let byLidl = try shoplist.ok("list", "--by-aisle").stdout
    #expect(byLidl.contains("dairy\n  2  [ ] Milk\ndrinks\n  3  [ ] Juice\nbakery\n  1  [ ] Bread"))
    let byDefault = try shoplist.ok("list", "--by-aisle", "--shop", "default").stdout
    #expect(
      byDefault.contains("bakery\n  1  [ ] Bread\ndairy\n  2  [ ] Milk\ndrinks\n  3  [ ] Juice"))
    #expect(try shoplist.names() == ["Bread", "Milk", "Juice"])

    #expect(
      try shoplist.ok("lists", "shop", "shopping", "").stdout
        == "shopping now uses the default shop\n")
    #expect(
      try shoplist.ok("lists", "--json").stdout
        == #"{"lists": [{"name": "shopping", "items": 3, "checked": 0, "default": true}]}"# + "\n")
  }

  @Test func theDefaultShopCanBeChangedRenamedAndDeleted() throws {
    let shoplist = try twoShops()
    #expect(try shoplist.ok("shops", "default", "Lidl").stdout == "Lidl is now the default shop\n")
    #expect(
      try shoplist.ok("shops", "default", "Lidl").stdout == "Lidl is already the default shop\n")
    #expect(try shoplist.ok("aisles").stdout == "shop order: dairy → drinks → bakery\n")
    #expect(
      try shoplist.ok("shops", "rename", "default", "Aldi").stdout
        == "renamed shop default to Aldi\n")
    try shoplist.ok("lists", "shop", "shopping", "Aldi")

    // A deleted shop's lists fall back to the default shop; a deleted default passes its mark.
    #expect(try shoplist.ok("shops", "delete", "aldi").stdout == "deleted shop Aldi\n")
    #expect(!(try shoplist.ok("lists", "--json").stdout.contains(#""shop":"#)))
    try shoplist.ok("sort", "--by", "aisle")
    #expect(try shoplist.names() == ["Milk", "Juice", "Bread"])
    try shoplist.ok("aisles", "--shop", "Rewe", "frozen")
    #expect(
      try shoplist.ok("shops", "delete", "Lidl").stdout
        == "deleted shop Lidl; \"Rewe\" is now the default shop\n")
    #expect(try shoplist.ok("shops").stdout == "Rewe  frozen  (default)\n")
    try shoplist.ok("shops", "delete", "Rewe")
    #expect(
      try shoplist.ok("shops").stdout
        == "no shops yet (make one with: shoplist aisles --shop NAME CATEGORY...)\n")
    #expect(try shoplist.ok("shops", "--json").stdout == #"{"shops": []}"# + "\n")
  }

  @Test func anUnknownShopIsRefusedWithTheNearestNameAndChangesNothing() throws {
    let shoplist = try twoShops()
    let before = try state(shoplist)
    let names = try shoplist.names()

    for arguments in [
      ["aisles", "--shop", "Lild"], ["aisles", "--shop", "Lidll", "frozen"],
      ["shops", "default", "Lidel"], ["shops", "rename", "Lid", "Aldi"],
      ["shops", "delete", "lidl2"], ["lists", "shop", "shopping", "Lidk"],
      ["sort", "--by", "aisle", "--shop", "Lidi"], ["list", "--by-aisle", "--shop", "Lifl"],
      ["list", "--by-aisle", "--shop", "Lidd", "--json"],
    ] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(
        result.stderr.hasSuffix("; did you mean \"Lidl\"?\n"), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    let far = try shoplist.run("shops", "delete", "Costco")
    #expect(far.status == 65)
    #expect(far.stderr == "shoplist: no shop \"Costco\"\n")
    let taken = try shoplist.run("shops", "rename", "Lidl", "DEFAULT")
    #expect(taken.status == 65)
    #expect(taken.stderr == "shoplist: a shop named \"default\" already exists\n")
    let noList = try shoplist.run("lists", "shop", "nowhere", "Lidl")
    #expect(noList.status == 65)
    let misplaced = try shoplist.run("sort", "--by", "name", "--shop", "Lidl")
    #expect(misplaced.status == 64)
    #expect(misplaced.stderr.hasPrefix("shoplist: --shop goes with --by aisle"))
    let alone = try shoplist.run("list", "--shop", "Lidl")
    #expect(alone.status == 64)
    let repeated = try shoplist.run("aisles", "--shop", "Lidl", "dairy", "Dairy")
    #expect(repeated.status == 65)

    #expect(try state(shoplist) == before)
    #expect(try shoplist.names() == names)
  }

  @Test func everyChangeToShopsIsInHistoryAndUndoes() throws {
    let shoplist = try twoShops()
    for arguments in [
      ["aisles", "--shop", "Lidl", "frozen"], ["aisles", "--shop", "Rewe", "frozen"],
      ["aisles", "--clear"], ["shops", "default", "Lidl"], ["shops", "rename", "Lidl", "Aldi"],
      ["shops", "delete", "default"], ["lists", "shop", "shopping", "Lidl"],
      ["lists", "delete", "shopping", "--force"],
    ] {
      if arguments == ["lists", "delete", "shopping", "--force"] {
        try shoplist.ok("lists", "shop", "shopping", "Lidl")
      }
      let before = try state(shoplist)
      let names = try shoplist.names()
      try shoplist.ok(arguments: arguments)
      #expect(try state(shoplist) != before, "\(arguments)")
      let history = try shoplist.ok("history", "--json").json()["history"] as? [[String: Any]]
      #expect(history?.first?["command"] as? String == arguments.joined(separator: " "))

      try shoplist.ok("undo")

      #expect(try state(shoplist) == before, "undoing \(arguments)")
      #expect(try shoplist.names() == names, "undoing \(arguments)")
    }
  }

  @Test func bashCompletesShopNames() throws {
    let shoplist = try twoShops()
    try shoplist.ok("aisles", "--shop", "Lidl Express", "frozen")

    let complete = shoplist.bashCompletions
    #expect(try complete(["shops", "delete", "Li"]) == ["Lidl", #"Lidl\ Express"#])
    #expect(try complete(["shops", "rename", "d"]) == ["default"])
    #expect(try complete(["aisles", "--shop", #""Lidl E"#]) == [#""Lidl Express""#])
    #expect(try complete(["sort", "--by", "aisle", "--shop", "de"]) == ["default"])
    #expect(try complete(["list", "--by-aisle", "--shop", "Lidl\\ "]) == [#"Lidl\ Express"#])
    #expect(try complete(["lists", "shop", "shopping", "L"]).count == 2)
  }

  @Test func aDeletedShopComesBackWithItsListsAndItsMark() throws {
    let shoplist = try twoShops()
    try shoplist.ok("shops", "default", "Lidl")
    try shoplist.ok("lists", "shop", "shopping", "Lidl")
    try shoplist.ok("lists", "create", "party")
    try shoplist.ok("lists", "shop", "party", "Lidl")
    let before = try state(shoplist)

    try shoplist.ok("shops", "delete", "Lidl")
    #expect(
      try shoplist.ok("history").stdout.split(separator: "\n").first?.hasSuffix(
        "shops delete Lidl  (shop \"default\" made the default; shop \"Lidl\" deleted)") == true)
    try shoplist.ok("undo")

    #expect(try state(shoplist) == before)
    // And again after a redo and its undo.
    try shoplist.ok("redo")
    try shoplist.ok("undo")
    #expect(try state(shoplist) == before)
  }
}
