import Foundation
import ShoppingEngines
import ShoppingService
import Testing

@testable import ShoplistCLI

/// `members`, `members add` and `members remove`, in process: what they print, their JSON,
/// and every way they refuse.
@Suite struct MembersCommandTests {
  /// The invite code at the end of the link `members add` printed last.
  static func code(_ result: InProcess.Result) throws -> String {
    let link = try #require(result.stdout.split(separator: "\n").first { $0.contains("/join/") })
    return String(try #require(link.split(separator: "/").last))
  }

  /// Opens the invite, as a phone does through the server.
  static func join(_ shoplist: InProcess, code: String) throws {
    let service = try ShoppingService(
      path: shoplist.database.path, environment: .deterministic(now: InProcess.start))
    guard case .joined = try service.join(code: code) else {
      throw InProcess.Failure(description: "\(code) did not join")
    }
  }

  @Test func addPrintsTheInviteLinkUnderTheDefaultAddress() throws {
    let shoplist = try InProcess()
    let result = shoplist.run("members", "add", "Ana")
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2, "no QR code when stdout is not a terminal")
    #expect(
      lines.first == "invited Ana; the link signs in one device, for good, within 7 days")
    #expect(
      result.stderr
        == "shoplist: a phone cannot open http://127.0.0.1:8080, a loopback address; give the "
        + "address phones open with --url (or serve with --url first: links then start with it)\n")
    #expect(
      lines.last?.wholeMatch(of: /http:\/\/127\.0\.0\.1:8080\/join\/[A-Za-z0-9_-]{22}/) != nil,
      "\(result.stdout)")
  }

  @Test func theLinkStartsWithTheURLOptionElseTheEnvironment() throws {
    let shoplist = try InProcess()
    let given = shoplist.run("members", "add", "Ana", "--url", "https://list.example.org/")
    #expect(given.stdout.contains("\nhttps://list.example.org/join/"), "\(given)")
    let environment = shoplist.run(
      arguments: ["members", "add", "Ben"],
      environment: ["SHOPLIST_URL": "http://192.168.1.20:8080"])
    #expect(environment.stdout.contains("\nhttp://192.168.1.20:8080/join/"), "\(environment)")
    let both = shoplist.run(
      arguments: ["members", "add", "Cy", "--url", "http://10.0.0.2:9000"],
      environment: ["SHOPLIST_URL": "http://192.168.1.20:8080"])
    #expect(both.stdout.contains("\nhttp://10.0.0.2:9000/join/"), "\(both)")
  }

  @Test(arguments: [
    ["--url", "ftp://list.example.org"], ["--url", "https://list.example.org/shopping"],
    ["--url", "list.example.org"],
  ])
  func aURLThatIsNotAnAddressOfAHostIsAUsageError(option: [String]) throws {
    let shoplist = try InProcess()
    let result = shoplist.run(arguments: ["members", "add", "Ana"] + option)
    #expect(result.status == 64 && result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains("--url must be an http:// or https:// address"))
    #expect(try shoplist.ok("members", "--json").stdout == #"{"members": []}"# + "\n")
  }

  @Test func aBadShoplistURLIsAUsageErrorAndInvitesNobody() throws {
    let shoplist = try InProcess()
    let result = shoplist.run(
      arguments: ["members", "add", "Ana"], environment: ["SHOPLIST_URL": "nowhere"])
    #expect(result.status == 64 && result.isOneErrorLine, "\(result)")
    #expect(result.stderr.contains("$SHOPLIST_URL must be"))
    #expect(try shoplist.ok("members", "--json").stdout == #"{"members": []}"# + "\n")
  }

  @Test func addWithJSONPrintsTheMemberAndTheLink() throws {
    let shoplist = try InProcess()
    let result = shoplist.run("members", "add", "Ana", "--json")
    let document = try result.json()
    let link = try #require(document["link"] as? String)
    #expect(link.hasPrefix("http://127.0.0.1:8080/join/"))
    #expect(document["replacedEarlier"] as? Bool == false)
    let code = link.split(separator: "/").last.map(String.init) ?? ""
    #expect(
      result.stdout
        == #"{"member": {"name": "Ana", "invitedAt": "\#(InProcess.startText)", "#
        + #""joinedAt": null, "lastSeenAt": null, "devices": []}, "#
        + #""link": "http://127.0.0.1:8080/join/\#(code)", "expiresAt": "2026-11-25T11:06:40Z", "#
        + #""replacedEarlier": false}"# + "\n")
  }

  @Test func invitingAgainBeforeJoiningGivesANewLink() throws {
    let shoplist = try InProcess()
    let first = try Self.code(try shoplist.ok("members", "add", "Ana"))
    shoplist.advanceClock(by: 60)
    let again = try shoplist.ok("members", "add", "ANA")
    #expect(again.stdout.hasPrefix("new invite for Ana; the earlier links no longer work\n"))
    #expect(try Self.code(again) != first)
    let members = try shoplist.ok("members", "--json").json()["members"] as? [[String: Any]]
    #expect(members?.count == 1)
    // When Ana was first invited, not when the new link was made.
    #expect(members?.first?["invitedAt"] as? String == "2026-11-18T11:06:40Z")
  }

  @Test func invitingAMemberWhoJoinedIsRefusedAndChangesNothing() throws {
    let shoplist = try InProcess()
    try Self.join(shoplist, code: try Self.code(try shoplist.ok("members", "add", "Ana")))
    let before = try shoplist.ok("members", "--json").stdout
    let result = shoplist.run("members", "add", "ana")
    #expect(result.status == 65 && result.isOneErrorLine, "\(result)")
    #expect(
      result.stderr
        == #"shoplist: "Ana" is already a member; a link for another device of theirs: "#
        + #"shoplist members invite "Ana""# + "\n")
    #expect(try shoplist.ok("members", "--json").stdout == before)
  }

  @Test func aNameThatBreaksTheNameRuleIsRefused() throws {
    let shoplist = try InProcess()
    for name in ["", "  ", "a\u{7}b", String(repeating: "x", count: 201)] {
      let result = shoplist.run("members", "add", "--", name)
      #expect(result.status == 65 && result.isOneErrorLine, "\(name.debugDescription): \(result)")
      #expect(result.stderr.hasPrefix("shoplist: invalid name"))
    }
    #expect(shoplist.run("members", "add").status == 64)
    #expect(try shoplist.ok("members").stdout.hasPrefix("no members yet"))
  }

  @Test func theListShowsWhenEachJoinedAndWasLastSeen() throws {
    let shoplist = try InProcess()
    try shoplist.ok("members", "add", "Ana")
    try shoplist.ok("members", "add", "Benedikt")
    #expect(
      try shoplist.ok("members").stdout
        == "name      joined  last seen\nAna       —       never\nBenedikt  —       never\n")
    #expect(try shoplist.ok("members", "list").stdout == (try shoplist.ok("members").stdout))
  }

  @Test func theListInJSONHasEveryTime() throws {
    let shoplist = try InProcess()
    let code = try Self.code(try shoplist.ok("members", "add", "Ana"))
    try Self.join(shoplist, code: code)
    try shoplist.ok("members", "add", "Ben")
    let text = "\"\(InProcess.startText)\""
    #expect(
      try shoplist.ok("members", "--json").stdout
        == #"{"members": [{"name": "Ana", "invitedAt": \#(text), "joinedAt": \#(text), "#
        + #""lastSeenAt": \#(text), "devices": [{"joinedAt": \#(text), "lastSeenAt": \#(text)}]}, "#
        + #"{"name": "Ben", "invitedAt": \#(text), "joinedAt": null, "lastSeenAt": null, "#
        + #""devices": []}]}"# + "\n")
    let table = try shoplist.ok("members").stdout.split(separator: "\n")
    #expect(table[1].hasPrefix("Ana   2026-") && !table[1].contains("never"), "\(table)")
  }

  @Test func removeSaysWhatItEndedAndListsWhoRemains() throws {
    let shoplist = try InProcess()
    try Self.join(shoplist, code: try Self.code(try shoplist.ok("members", "add", "Ana")))
    try shoplist.ok("members", "add", "Ben")
    #expect(
      try shoplist.ok("members", "remove", "ana").stdout
        == "removed Ana; their device is signed out\n")
    let ben = shoplist.run("members", "rm", "Ben", "--json")
    #expect(ben.stdout == #"{"members": []}"# + "\n", "\(ben)")
    try shoplist.ok("members", "add", "Cy")
    #expect(
      try shoplist.ok("members", "remove", "Cy").stdout
        == "removed Cy; their invite no longer works\n")
  }

  @Test func removingSomeoneWhoIsNotAMemberSuggestsTheNearest() throws {
    let shoplist = try InProcess()
    try shoplist.ok("members", "add", "Anabel")
    let close = shoplist.run("members", "remove", "Anabell")
    #expect(close.status == 65 && close.isOneErrorLine, "\(close)")
    #expect(close.stderr == #"shoplist: no member "Anabell"; did you mean "Anabel"?"# + "\n")
    let far = shoplist.run("members", "remove", "Zoe")
    #expect(far.status == 65 && far.stderr == #"shoplist: no member "Zoe""# + "\n", "\(far)")
    #expect(shoplist.run("members", "remove").status == 64)
    #expect(try shoplist.ok("members").stdout.contains("Anabel"))
  }

  @Test func membersAreNoChangeToTheLists() throws {
    let shoplist = try InProcess()
    try shoplist.ok("members", "add", "Ana")
    try shoplist.ok("members", "remove", "Ana")
    #expect(try shoplist.ok("history").stdout == "no history yet\n")
  }

  @Test func onATerminalTheLinkComesWithItsQRCode() throws {
    let shoplist = try InProcess(stdoutIsTerminal: true)
    let result = shoplist.run(
      arguments: ["members", "add", "Ana"], environment: ["NO_COLOR": "1"])
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let link = String(lines[1])
    let code = try QRCode(bytes: Array(link.utf8))
    #expect(
      Array(lines.dropFirst(2).dropLast())
        == code.terminalLines(colour: false).map {
          Substring($0)
        })
    let coloured = shoplist.run("members", "add", "Ben")
    #expect(coloured.stdout.contains("\u{1B}[30;107m"))
    for quiet in [["--json"], ["--quiet"]] {
      let other = shoplist.run(arguments: ["members", "add", "Cy"] + quiet)
      #expect(!other.stdout.contains("█") && !other.stdout.contains("▀"), "\(quiet)")
    }
    #expect(shoplist.run("members", "add", "Di", "--quiet").stdout.isEmpty)
  }
}
