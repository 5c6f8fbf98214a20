import Foundation
import ShoplistTestTraits
import Testing

/// `shoplist members`, `members add` and `members remove` through the built binary: what they
/// print, their JSON, every way they refuse (and that a refusal changes nothing), and member
/// names in bash completion.
@Suite(.offThePool) struct MembersCommandEndToEndTests {
  static var linkPattern: Regex<Substring> {
    /http:\/\/127\.0\.0\.1:8080\/join\/[A-Za-z0-9_-]{22}/
  }

  @Test func addListAndRemove() throws {
    let shoplist = try Shoplist()
    #expect(
      try shoplist.ok("members").stdout
        == "no members yet; shoplist members add NAME invites one\n")
    let added = try shoplist.ok("members", "add", "Ana")
    let lines = added.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "no QR code into a pipe: \(added)")
    #expect(
      lines.first == "invited Ana; the link signs in one device, for good, within 7 days")
    #expect(lines.last?.wholeMatch(of: Self.linkPattern) != nil, "\(added)")
    try shoplist.ok("members", "add", "Benedikt")
    #expect(
      try shoplist.ok("members").stdout
        == "name      joined  last seen\nAna       —       never\nBenedikt  —       never\n")
    #expect(try shoplist.ok("members", "list").stdout == (try shoplist.ok("members").stdout))

    #expect(
      try shoplist.ok("members", "remove", "ana").stdout
        == "removed Ana; their invite no longer works\n")
    let rest = try shoplist.ok("members", "rm", "Benedikt", "--json")
    #expect(rest.stdout == #"{"members": []}"# + "\n")
    // Members are not changes to the lists: nothing to undo.
    #expect(try shoplist.ok("history").stdout == "no history yet\n")
  }

  @Test func theJSONShapes() throws {
    let shoplist = try Shoplist()
    let added = try shoplist.ok("members", "add", "Ana", "--json").json()
    #expect(Set(added.keys) == ["member", "link", "expiresAt", "replacedEarlier"])
    #expect(added["replacedEarlier"] as? Bool == false)
    let link = try #require(added["link"] as? String)
    #expect(link.wholeMatch(of: Self.linkPattern) != nil, "\(link)")
    let member = try #require(added["member"] as? [String: Any])
    #expect(Set(member.keys) == ["name", "invitedAt", "joinedAt", "lastSeenAt", "devices"])
    #expect(member["name"] as? String == "Ana")
    let invitedAt = try #require(member["invitedAt"] as? String)
    #expect(invitedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
    #expect(member["joinedAt"] is NSNull && member["lastSeenAt"] is NSNull)

    let listed = try shoplist.ok("members", "--json").stdout
    #expect(
      listed
        == #"{"members": [{"name": "Ana", "invitedAt": "\#(invitedAt)", "joinedAt": null, "#
        + #""lastSeenAt": null, "devices": []}]}"# + "\n")
  }

  @Test func theLinkStartsWithTheURLOptionElseTheEnvironment() throws {
    var shoplist = try Shoplist()
    shoplist.environment["SHOPLIST_URL"] = "http://192.168.1.20:8080/"
    #expect(try shoplist.invite("Ana").link.hasPrefix("http://192.168.1.20:8080/join/"))
    #expect(
      try shoplist.invite("Ben", url: "https://list.example.org").link
        .hasPrefix("https://list.example.org/join/"))
  }

  @Test func invitingAgainBeforeJoiningGivesANewLinkAndEndsTheOld() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let first = try shoplist.invite("Ana", url: server.base)
    let again = try shoplist.ok("members", "add", "ana", "--url", server.base)
    #expect(again.stdout.hasPrefix("new invite for Ana; the earlier links no longer work\n"))
    let second = try #require(again.stdout.split(separator: "\n").last.map(String.init))
    #expect(second != first.link)
    #expect(try shoplist.members().count == 1)

    let old = try server.endpoint.open("/join/\(first.code)")
    #expect(old.status == 404 && old.secret == nil, "\(old)")
    #expect(old.body.contains("This invite link is not valid"))
    let new = try server.endpoint.join(String(second.split(separator: "/").last ?? ""))
    #expect(new.status == 303 && new.secret != nil, "\(new)")
    #expect(server.stop().status == 0)
  }

  @Test func invitingAMemberWhoJoinedIsExit65AndChangesNothing() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    #expect(try server.endpoint.join(invite.code).secret != nil)
    let before = try shoplist.ok("members", "--json").stdout

    let result = try shoplist.run("members", "add", "ANA", "--url", server.base)
    #expect(result.status == 65 && result.stdout.isEmpty, "\(result)")
    #expect(
      result.stderr
        == #"shoplist: "Ana" is already a member; a link for another device of theirs: "#
        + #"shoplist members invite "Ana""# + "\n")
    #expect(try shoplist.ok("members", "--json").stdout == before)
    #expect(server.stop().status == 0)
  }

  @Test func usageErrorsAreExit64WithOneLineAndInviteNobody() throws {
    let shoplist = try Shoplist()
    let cases: [([String], [String: String], String)] = [
      (["members", "add"], [:], "shoplist: "),
      (["members", "remove"], [:], "shoplist: "),
      (["members", "add", "Ana", "--bogus"], [:], "shoplist: "),
      (["members", "list", "extra"], [:], "shoplist: "),
      (["members", "frobnicate"], [:], "shoplist: "),
      (["members", "add", "Ana", "--url", "ftp://list.example.org"], [:], "--url must be"),
      (["members", "add", "Ana", "--url", "https://list.example.org/shop"], [:], "--url must be"),
      (["members", "add", "Ana", "--url", "list.example.org"], [:], "--url must be"),
      (["members", "add", "Ana"], ["SHOPLIST_URL": "list.example.org"], "$SHOPLIST_URL must be"),
    ]
    for (arguments, environment, message) in cases {
      let result = try shoplist.run(arguments: arguments, environment: environment)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains(message), "\(arguments): \(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result)")
    }
    #expect(try shoplist.ok("members", "--json").stdout == #"{"members": []}"# + "\n")
  }

  @Test func aNameThatBreaksTheNameRuleIsExit65() throws {
    let shoplist = try Shoplist()
    let cases: [(String, String)] = [
      ("", "shoplist: invalid name \"\""),
      ("   ", "shoplist: invalid name \"   \": it is empty"),
      ("a\u{7}b", "control characters are not allowed"),
      (String(repeating: "x", count: 201), "200 allowed"),
    ]
    for (name, message) in cases {
      let result = try shoplist.run("members", "add", "--", name)
      #expect(result.status == 65, "\(name.debugDescription): \(result)")
      #expect(result.stderr.hasPrefix(message) || result.stderr.contains(message), "\(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }
    #expect(try shoplist.ok("members", "--json").stdout == #"{"members": []}"# + "\n")
  }

  @Test func removingSomeoneWhoIsNotAMemberIsExit65WithTheNearestName() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("members", "add", "Anabel")
    let before = try shoplist.ok("members", "--json").stdout
    let close = try shoplist.run("members", "remove", "Anabell")
    #expect(close.status == 65, "\(close)")
    #expect(close.stderr == #"shoplist: no member "Anabell"; did you mean "Anabel"?"# + "\n")
    let far = try shoplist.run("members", "remove", "Zoe", "--json")
    #expect(far.status == 65 && far.stdout.isEmpty, "\(far)")
    #expect(far.stderr == #"shoplist: no member "Zoe""# + "\n")
    #expect(try shoplist.ok("members", "--json").stdout == before)
  }

  @Test func removingAMemberWhoJoinedSignsTheirPhoneOut() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    let secret = try #require(try server.endpoint.join(invite.code).secret)
    #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 200)
    #expect(
      try shoplist.ok("members", "remove", "Ana").stdout
        == "removed Ana; their device is signed out\n")
    #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 401)
    #expect(server.stop().status == 0)
  }

  @Test func bashCompletesMembersNames() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("members", "add", "Ana")
    try shoplist.ok("members", "add", "Anton")
    try shoplist.ok("members", "add", "Ben")
    try shoplist.ok("add", "Apples")
    #expect(try shoplist.bashCompletions(["members", "remove", "An"]) == ["Ana", "Anton"])
    #expect(try shoplist.bashCompletions(["members", "remove", "B"]) == ["Ben"])
    let subcommands = try shoplist.bashCompletions(["members", ""])
    #expect(["add", "list", "remove"].allSatisfy(subcommands.contains), "\(subcommands)")
  }
}
