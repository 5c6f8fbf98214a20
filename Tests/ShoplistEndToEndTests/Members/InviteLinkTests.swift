import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// Invite links against a live `shoplist serve` on loopback, through curl: opening a link —
/// as link previews, mail scanners and curl do, GET or HEAD — never spends it nor sets a
/// cookie; only the join page's button does, once, and only from the page itself; a member
/// signs in more devices through `members invite` and through the page's "Add another
/// device" (its QR code decoded back to the link); `members remove` ends every device.
@Suite(.offThePool, .sqlitePass) struct InviteLinkTests {
  /// What fetches a link before the person it was sent to taps it.
  static let previewers: [(who: String, agent: String?)] = [
    ("WhatsApp", "WhatsApp/2.23.20.0 A"),
    ("Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
    ("Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
    ("Telegram", "TelegramBot (like TwitterBot)"),
    (
      "iMessage",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like "
        + "Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"
    ),
    (
      "Outlook Safe Links",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0 (Microsoft Defender for Office 365)"
    ),
    ("curl", nil),
  ]

  @Test func previewsAndScannersNeverSpendTheLinkNorGetACookie() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)

    for (who, agent) in Self.previewers {
      let identity = agent.map { ["-A", $0] } ?? []
      let page = try server.endpoint.open("/join/\(invite.code)", curlOptions: identity)
      #expect(page.status == 200, "\(who): \(page)")
      #expect(page.secret == nil && page.header("set-cookie") == nil, "\(who): \(page)")
      #expect(page.body.contains("Join the shopping list as Ana"), "\(who)")
      #expect(page.header("cache-control") == "no-store", "\(who): \(page)")
      let head = try server.endpoint.open("/join/\(invite.code)", curlOptions: identity + ["-I"])
      #expect(head.status == 200 && head.header("set-cookie") == nil, "\(who) HEAD: \(head)")
    }
    #expect((try shoplist.members()["Ana"]?["devices"] as? [Any])?.isEmpty == true)

    // The page's own button: a plain form posted back to the link, from the page.
    let page = try server.endpoint.open("/join/\(invite.code)").body
    #expect(page.contains(#"<form class="link-page-join" method="post" action="/join/"#))
    let joined = try server.endpoint.join(invite.code)
    #expect(joined.status == 303 && joined.header("location") == "/", "\(joined)")
    let secret = try #require(joined.secret)
    #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 200)

    // Once: pressed again (a replayed form), the link is spent, in words, with no cookie.
    let again = try server.endpoint.join(invite.code)
    #expect(again.status == 410 && again.secret == nil, "\(again)")
    #expect(again.body.contains("This invite was already used"))
    #expect((try shoplist.members()["Ana"]?["devices"] as? [Any])?.count == 1)
    #expect(server.stop().status == 0)
  }

  @Test func theButtonWorksOnlyFromTheInvitesOwnPage() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)

    let elsewhere = try server.endpoint.join(invite.code, origin: "http://evil.example")
    #expect(elsewhere.status == 403 && elsewhere.secret == nil, "\(elsewhere)")
    #expect(elsewhere.body.contains("Join from the invite’s own page"))
    let noOrigin = try server.endpoint.open(
      "/join/\(invite.code)", curlOptions: ["-X", "POST", "--data", ""])
    #expect(noOrigin.status == 403 && noOrigin.secret == nil, "\(noOrigin)")
    // Neither used it up.
    #expect(try server.endpoint.join(invite.code).secret != nil)
    #expect(server.stop().status == 0)
  }

  @Test func membersInviteSignsInAnotherDeviceAndKeepsTheFirst() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let phone = try #require(
      try server.endpoint.join(try shoplist.invite("Ana", url: server.base).code).secret)

    let added = try shoplist.ok("members", "invite", "ana", "--url", server.base)
    let lines = added.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "a link for another device of Ana; it works once, within 7 days")
    let link = try #require(lines.last)
    let tablet = try #require(
      try server.endpoint.join(String(link.split(separator: "/").last ?? "")).secret)

    #expect(tablet != phone)
    for secret in [phone, tablet] {
      #expect(
        try server.endpoint.request("GET", "/api/me", member: secret).body
          == #"{"member": "Ana"}"#)
    }
    let devices = try #require(try shoplist.members()["Ana"]?["devices"] as? [[String: Any]])
    #expect(devices.count == 2 && devices.allSatisfy { $0["joinedAt"] is String })
    let table = try shoplist.ok("members").stdout.split(separator: "\n").map(String.init)
    #expect(table.count == 4 && table[2].hasPrefix("  device 1") && table[3].hasPrefix("  device 2"))
    #expect(server.stop().status == 0)
  }

  @Test func membersInviteOfSomeoneWhoIsNotAMemberIsExit65() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("members", "add", "Anabel", "--url", "http://192.168.1.20:8080")
    let result = try shoplist.run("members", "invite", "Anabell", "--url", "http://h.example")
    #expect(result.status == 65 && result.stdout.isEmpty, "\(result)")
    #expect(result.stderr == #"shoplist: no member "Anabell"; did you mean "Anabel"?"# + "\n")
    let usage = try shoplist.run("members", "invite")
    #expect(usage.status == 64, "\(usage)")
  }

  @Test func addAnotherDeviceGivesALinkWhoseQRCodeReadsAsTheLink() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let phone = try #require(
      try server.endpoint.join(try shoplist.invite("Ana", url: server.base).code).secret)

    let answer = try server.endpoint.request("POST", "/api/invites", json: "{}", member: phone)
    #expect(answer.status == 201, "\(answer)")
    let document = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
    let link = try #require(document?["link"] as? String)
    #expect(link.hasPrefix(server.base + "/join/"))
    #expect((document?["expiresAt"] as? String)?.hasSuffix("Z") == true)
    let svg = try #require(document?["svg"] as? String)
    #expect(svg.hasPrefix("<svg "))

    if TestTools.runs(needing: TestTools.has("/usr/bin/zbarimg")) {
      let image = shoplist.folder.appendingPathComponent("device.pgm")
      try Self.pgm(fromSVG: svg).write(to: image)
      let decoded = try shoplist.runTool("/usr/bin/zbarimg", ["--raw", "-q", image.path])
      #expect(decoded.stdout == link + "\n", "\(decoded)")
    }
    let tablet = try #require(
      try server.endpoint.join(String(link.split(separator: "/").last ?? "")).secret)
    #expect(try server.endpoint.request("GET", "/api/me", member: tablet).status == 200)
    #expect(try server.endpoint.request("GET", "/api/me", member: phone).status == 200)

    // With the household's token, for the member the body names; refusals in words.
    let byToken = try server.endpoint.request("POST", "/api/invites", json: #"{"member": "ana"}"#)
    #expect(byToken.status == 201 && byToken.body.contains(#""link": "#), "\(byToken)")
    let unnamed = try server.endpoint.request("POST", "/api/invites", json: "{}")
    #expect(unnamed.status == 400 && unnamed.body.contains("name the member"), "\(unnamed)")
    let unknown = try server.endpoint.request("POST", "/api/invites", json: #"{"member": "Zoe"}"#)
    #expect(unknown.status == 404 && unknown.body.contains(#"no member \"Zoe\""#), "\(unknown)")
    let anonymous = try server.endpoint.request(
      "POST", "/api/invites", json: "{}", authorized: false)
    #expect(anonymous.status == 401)
    #expect(server.stop().status == 0)
  }

  @Test func membersRemoveEndsEveryDevice() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let phone = try #require(
      try server.endpoint.join(try shoplist.invite("Ana", url: server.base).code).secret)
    let spare = try shoplist.ok("members", "invite", "Ana", "--url", server.base).stdout
    let unused = String(spare.split(separator: "/").last ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
    let answer = try server.endpoint.request("POST", "/api/invites", json: "{}", member: phone)
    let link = try #require(answer.body.firstMatch(of: /\/join\/([A-Za-z0-9_-]{22})/)?.1)
    let tablet = try #require(try server.endpoint.join(String(link)).secret)

    #expect(
      try shoplist.ok("members", "remove", "Ana").stdout
        == "removed Ana; their 2 devices are signed out\n")
    for secret in [phone, tablet] {
      #expect(try server.endpoint.request("GET", "/api/me", member: secret).status == 401)
    }
    let leftOver = try server.endpoint.open("/join/\(unused)")
    #expect(leftOver.status == 404 && leftOver.secret == nil, "\(leftOver)")
    #expect(server.stop().status == 0)
  }

  @Test func anExpiredLinkIsRefusedInWords() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let invite = try shoplist.invite("Ana", url: server.base)
    // The test's clock: the invite made eight days ago, so its seven days are over.
    let eightDaysAgo = Date(timeIntervalSinceNow: -8 * 24 * 3_600)
    try shoplist.sql(
      "UPDATE invite SET createdAt = '\(Self.stamp(eightDaysAgo))', "
        + "expiresAt = '\(Self.stamp(eightDaysAgo.addingTimeInterval(7 * 24 * 3_600)))'")

    for page in [
      try server.endpoint.open("/join/\(invite.code)"), try server.endpoint.join(invite.code),
    ] {
      #expect(page.status == 410 && page.secret == nil, "\(page)")
      #expect(page.body.contains("This invite has expired"))
      #expect(page.body.contains("was not used within 7 days"))
      #expect(page.body.contains("shoplist members invite NAME"))
    }
    #expect((try shoplist.members()["Ana"]?["devices"] as? [Any])?.isEmpty == true)
    #expect(server.stop().status == 0)
  }

  @Test func membersAddWithoutURLUsesTheAddressTheLastServeAnnounced() throws {
    let shoplist = try Shoplist()
    let fresh = try shoplist.run("members", "add", "Ana")
    #expect(fresh.status == 0, "\(fresh)")
    #expect(fresh.stdout.contains("http://127.0.0.1:8080/join/"))
    #expect(
      fresh.stderr.hasPrefix("shoplist: a phone cannot open http://127.0.0.1:8080"), "\(fresh)")

    let server = try ServingShoplist(shoplist, ["--url", "https://list.example.org"])
    #expect(server.stop().status == 0)
    let after = try shoplist.run("members", "add", "Ben")
    #expect(after.status == 0 && after.stderr.isEmpty, "\(after)")
    #expect(after.stdout.contains("\nhttps://list.example.org/join/"), "\(after)")
    let device = try shoplist.run("members", "invite", "Ben", "--json")
    #expect((try device.json()["link"] as? String)?.hasPrefix("https://list.example.org/join/") == true)

    // A later serve on loopback without --url announces no address a phone can open.
    let local = try ServingShoplist(shoplist)
    #expect(local.stop().status == 0)
    let loopback = try shoplist.run("members", "add", "Cy")
    #expect(loopback.stderr.hasPrefix("shoplist: a phone cannot open"), "\(loopback)")
  }

  // MARK: - Helpers

  static func stamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  /// The QR code's SVG image painted as a binary PGM image: each `M x y h1v1h-1z` of its path
  /// a dark module, `scale` pixels square, on the white ground its `viewBox` spans.
  static func pgm(fromSVG svg: String, scale: Int = 6) throws -> Data {
    let box = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/))
    let span = Int(box.1) ?? 0
    let side = span * scale
    var pixels = [UInt8](repeating: 255, count: side * side)
    for module in svg.matches(of: /M(\d+) (\d+)h1v1h-1z/) {
      let (x, y) = (Int(module.1) ?? 0, Int(module.2) ?? 0)
      for row in (y * scale)..<((y + 1) * scale) {
        for column in (x * scale)..<((x + 1) * scale) { pixels[row * side + column] = 0 }
      }
    }
    return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
  }
}
