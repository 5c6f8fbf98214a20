import Foundation
import ShoplistTestTraits
import Testing

/// No input is silently ignored: an unknown option or word is a usage error, never help and
/// exit 0 with nothing done.
@Suite(.offThePool) struct ArgumentTests {
  @Test(arguments: [["add", "-dash"], ["add", "milk", "-fresh"], ["toggle", "-cheese"]])
  func aWordThatLooksLikeAnOptionIsExit64WithTheDashDashHint(arguments: [String]) throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "bread")

    let result = try shoplist.run(arguments: arguments)

    #expect(result.status == 64, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: unknown option"), "\(result)")
    #expect(result.stderr.contains("--"), "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    #expect(try shoplist.names() == ["bread"])
  }

  @Test func afterDashDashEverythingIsAName() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "--", "-dash", "-h")
    #expect(try shoplist.names() == ["-dash", "-h"])
    try shoplist.ok("check", "--", "-dash")
    #expect(try shoplist.items()["-dash"]?["checked"] as? Bool == true)
  }

  @Test func anEmptyDatabasePathIsExit64() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("--db", "", "add", "milk")
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "), "\(result)")
    let equals = try shoplist.run("add", "milk", "--db=")
    #expect(equals.status == 64, "\(equals)")
    #expect(try shoplist.names().isEmpty)
  }

  @Test func emptyEnvironmentVariablesCountAsUnset() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run(
      arguments: ["add", "milk"], environment: ["SHOPLIST_LIST": ""]
    )
    #expect(result.status == 0, "\(result)")
    #expect(try shoplist.names(list: "shopping") == ["milk"])
  }

  @Test func helpForAnUnknownCommandIsExit64() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("help", "nosuch")
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "), "\(result)")
  }
}
