import Foundation
import Testing

@testable import ShoplistCLI

@Suite struct AddCommandTests {
  @Test func aNewItemIsAddedAndConfirmed() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "added Milk to shopping\n")
    #expect(result.stderr.isEmpty)
    #expect(try shoplist.names() == ["Milk"])
  }

  @Test func eachNameBecomesOneItemInTheOrderGiven() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "Eggs", "Bread")

    #expect(
      result.stdout == "added Milk to shopping\nadded Eggs to shopping\nadded Bread to shopping\n"
    )
    #expect(try shoplist.names() == ["Milk", "Eggs", "Bread"])
  }

  @Test func theNameIsTrimmedAndItsInnerSpacesJoined() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "  Oat \t  milk ")

    #expect(result.stdout == "added Oat milk to shopping\n")
    #expect(try shoplist.names() == ["Oat milk"])
  }

  @Test func theFieldOptionsAreStoredWithTheItem() throws {
    let shoplist = try InProcess()

    let result = shoplist.run(
      "add", "Milk", "--quantity", "1.5", "--unit", "l", "--category", "dairy",
      "--note", "organic"
    )

    #expect(result.stdout == "added Milk (1.5 l) to shopping\n")
    let item = try #require(try shoplist.items().first)
    #expect((item["quantity"] as? NSNumber)?.doubleValue == 1.5)
    #expect(item["unit"] as? String == "l")
    #expect(item["category"] as? String == "dairy")
    #expect(item["note"] as? String == "organic")
  }

  @Test func aQuantityMayBeWrittenWithADecimalComma() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Flour", "--quantity", "1,5", "--unit", "kg")

    #expect(result.stdout == "added Flour (1.5 kg) to shopping\n")
  }

  @Test func anItemAlreadyThereIsUncheckedAndUpdatedNotDuplicated() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk")
    try shoplist.ok("check", "milk")

    let result = shoplist.run("add", "MILK", "--quantity", "3")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "updated MILK (3) on shopping\n")
    let items = try shoplist.items()
    #expect(items.count == 1)
    #expect(items.first?["name"] as? String == "MILK")
    #expect(items.first?["checked"] as? Bool == false)
    #expect(items.first?["quantity"] as? Int == 3)
  }

  @Test func anIdenticalItemIsAlreadyOnTheListAndExitsZero() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "--quantity", "2")

    let result = shoplist.run("add", "Milk", "--quantity", "2")

    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Milk (2) is already on shopping\n")
    #expect(try shoplist.names() == ["Milk"])
  }

  @Test func anEmptyNameIsExit65NamingTheValue() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "   ")

    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: invalid name \"   \": it is empty\n")
    #expect(result.isOneErrorLine, "\(result)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func aNameWithAControlCharacterIsExit65ShowingItEscaped() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "a\u{7}b")

    #expect(result.status == 65)
    #expect(
      result.stderr == "shoplist: invalid name \"a\\u{7}b\": control characters are not allowed\n"
    )
  }

  @Test func aNameLongerThan200CharactersIsExit65() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", String(repeating: "x", count: 201))

    #expect(result.status == 65)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(result.stderr.hasSuffix("200 allowed\n"), "\(result)")
  }

  @Test(arguments: ["\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}"])
  func anInvisibleSpoofingCharacterIsExit65NamingIt(character: String) throws {
    let shoplist = try InProcess()
    let scalar = try #require(character.unicodeScalars.first)
    let code = String(scalar.value, radix: 16, uppercase: true)

    let result = shoplist.run("add", "a\(character)b")

    #expect(result.status == 65)
    #expect(
      result.stderr == "shoplist: invalid name \"a\\u{\(code)}b\": "
        + "the invisible character U+\(code) is not allowed\n"
    )
  }

  @Test func aZeroWidthJoinerIsAllowed() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "👩\u{200D}💻")

    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names() == ["👩\u{200D}💻"])
  }

  @Test func combiningMarksCountTowardsTheLimit() throws {
    let shoplist = try InProcess()
    let longest = "a" + String(repeating: "\u{301}", count: 199)

    let fits = shoplist.run("add", longest)
    let tooLong = shoplist.run("add", longest + "\u{301}")

    #expect(fits.status == 0, "\(fits)")
    #expect(tooLong.status == 65)
    #expect(tooLong.stderr.hasSuffix(": 201 characters, at most 200 allowed\n"), "\(tooLong)")
  }

  @Test(arguments: [
    ("--unit", "k\u{7}g", "invalid unit \"k\\u{7}g\": control characters are not allowed"),
    ("--note", String(repeating: "n", count: 201), "invalid note"),
    ("--category", "dairy\u{200F}", "the invisible character U+200F is not allowed"),
  ])
  func anInvalidFieldIsExit65NamingIt(option: String, value: String, message: String) throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", option, value)

    #expect(result.status == 65)
    #expect(result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains(message), "\(result)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test(arguments: ["0", "-2", "lots"])
  func anInvalidQuantityIsExit65NamingTheValue(quantity: String) throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "--quantity", quantity)

    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr == "shoplist: invalid quantity \"\(quantity)\": "
        + "expected a positive decimal number such as 2 or 0.5\n"
    )
    #expect(try shoplist.names().isEmpty)
  }

  @Test func oneInvalidNameAmongSeveralAddsNothing() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", " ", "Bread")

    #expect(result.status == 65, "\(result)")
    #expect(result.isOneErrorLine, "\(result)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func addingToAnotherListCreatesThatList() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Nails", "--list", "hardware")

    #expect(result.stdout == "added Nails to hardware\n")
    #expect(try shoplist.listNames().contains("hardware"))
    #expect(try shoplist.names(list: "hardware") == ["Nails"])
  }

  @Test func jsonPrintsTheListDocumentAfterTheChange() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk")

    let result = shoplist.run("add", "Eggs", "--quantity", "12", "--category", "dairy", "--json")

    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == InProcess.listJSON(
          "shopping",
          [
            InProcess.itemJSON(id: 2, position: 1, name: "Milk"),
            InProcess.itemJSON(
              id: 3, position: 2, name: "Eggs", quantity: "12", category: "dairy"),
          ]
        )
    )
  }

  @Test func quietPrintsNothingAndStillAdds() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "Milk", "-q")

    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
    #expect(try shoplist.names() == ["Milk"])
  }

  @Test func aNameStartingWithADashFollowsDoubleDash() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add", "--", "-dash")

    #expect(result.stdout == "added -dash to shopping\n")
  }

  @Test func withoutANameIsExit64() throws {
    let shoplist = try InProcess()

    let result = shoplist.run("add")

    #expect(result.status == 64)
    #expect(result.isOneErrorLine, "\(result)")
  }
}
