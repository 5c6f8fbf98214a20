import Foundation
import ShoplistTestTraits
import Testing

/// What European spreadsheets write: a decimal comma and `;` between fields.
@Suite(.offThePool) struct SpreadsheetTests {
  @Test func aDecimalCommaIsAcceptedEverywhere() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "--quantity", "1,5")
    try shoplist.ok("add", "eggs")
    try shoplist.ok("edit", "eggs", "--quantity", "0,25")
    let path = try shoplist.file("week.ndjson", #"{"name": "jam", "quantity": "2,5"}"# + "\n")
    try shoplist.ok("import", path)

    let items = try shoplist.items()
    #expect(items["milk"]?["quantity"] as? Double == 1.5)
    #expect(items["eggs"]?["quantity"] as? Double == 0.25)
    #expect(items["jam"]?["quantity"] as? Double == 2.5)
  }

  @Test func semicolonSeparatedCSVImports() throws {
    let shoplist = try Shoplist()
    let path = try shoplist.file(
      "week.csv", "Name;Quantity;Unit;Note\nMilch;1,5;l;\"fresh; cold\"\nEier;10;;\n"
    )

    let result = try shoplist.run("import", path)

    #expect(result.status == 0, "\(result)")
    let items = try shoplist.items()
    #expect(items["Milch"]?["quantity"] as? Double == 1.5)
    #expect(items["Milch"]?["note"] as? String == "fresh; cold")
    #expect(items["Eier"]?["quantity"] as? Int == 10)
  }

  @Test func tabSeparatedCSVImports() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("import", "-", stdin: "name\tunit\nflour\tkg\n")
    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.items()["flour"]?["unit"] as? String == "kg")
  }
}
