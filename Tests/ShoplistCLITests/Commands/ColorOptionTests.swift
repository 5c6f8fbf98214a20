import Foundation
import Testing

@testable import ShoplistCLI

/// Colour on a terminal, and the three ways to turn it off.
@Suite struct ColorOptionTests {
  /// Milk, and Eggs checked, with stdout on a terminal.
  func onATerminal() throws -> InProcess {
    let shoplist = try InProcess(stdoutIsTerminal: true)
    try shoplist.ok("add", "Milk", "Eggs")
    try shoplist.ok("check", "eggs")
    return shoplist
  }

  static let plain = "shopping · 2 items, 1 checked\n  1  [ ] Milk\n  2  [x] Eggs\n"

  @Test func aTerminalShowsTheNameBoldAndCheckedItemsDimmedAndStruck() throws {
    let shoplist = try onATerminal()

    let result = shoplist.run("list")

    #expect(
      result.stdout == "\u{1B}[1mshopping\u{1B}[0m · 2 items, 1 checked\n  1  [ ] Milk\n"
        + "\u{1B}[2;9m  2  [x] Eggs\u{1B}[0m\n"
    )
  }

  @Test func noColorTurnsColourOff() throws {
    let shoplist = try onATerminal()

    let result = shoplist.run("list", "--no-color")

    #expect(result.stdout == Self.plain)
  }

  @Test func theNoColorVariableTurnsColourOff() throws {
    let shoplist = try onATerminal()

    let result = shoplist.run("list", environment: ["NO_COLOR": "1"])

    #expect(result.stdout == Self.plain)
  }

  @Test func aDumbTerminalGetsNoColour() throws {
    let shoplist = try onATerminal()

    let result = shoplist.run("list", environment: ["TERM": "dumb"])

    #expect(result.stdout == Self.plain)
  }

  @Test func outputThatIsNotATerminalGetsNoColour() throws {
    let shoplist = try InProcess()
    try shoplist.ok("add", "Milk", "Eggs")
    try shoplist.ok("check", "eggs")

    let result = shoplist.run("list")

    #expect(result.stdout == Self.plain)
  }

  @Test func jsonIsNeverColoured() throws {
    let shoplist = try onATerminal()

    let result = shoplist.run("list", "--json")

    #expect(!result.stdout.contains("\u{1B}"))
    #expect(try result.json()["list"] as? String == "shopping")
  }
}
