import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `shoplist serve --tls-cert --tls-key`: the real binary answering HTTPS on loopback, with a
/// certificate made by `openssl` in each test, reached by curl trusting only the test's own
/// authority.
@Suite(.offThePool, .serialized, .sqlitePass) struct TLSServeTests {
  @Test func itServesTheAPIOverHTTPSAndSaysSoInItsFirstLine() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)
    let trusted = ["--cacert", certificates.authority]

    #expect(server.firstLine.hasPrefix("serving https://127.0.0.1:"))
    let list = try server.endpoint.request("GET", "/api/lists/shopping", curlOptions: trusted)
    #expect(list.status == 200)
    #expect(list.body.contains(#""name":"Milk""#) || list.body.contains(#""name": "Milk""#))
    let added = try server.endpoint.request(
      "POST", "/api/lists/shopping/items", json: #"{"name": "Bread"}"#, curlOptions: trusted)
    #expect(added.status == 200)
    #expect(try shoplist.names() == ["Milk", "Bread"])
    #expect(
      try server.endpoint.request(
        "GET", "/api/lists", authorized: false, curlOptions: trusted
      ).status == 401)
    // The certificate names localhost too, and is what curl checks: without the authority
    // it is refused (curl's exit 60), so the answers above came over verified TLS.
    let byName = try shoplist.runTool(
      "/usr/bin/curl",
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", certificates.authority,
        "-H", "Authorization: Bearer \(server.token)",
        "https://localhost:\(server.port)/api/lists",
      ])
    #expect(byName.stdout == "200")
    let untrusted = try shoplist.runTool(
      "/usr/bin/curl", ["-s", "-o", "/dev/null", server.base + "/api/lists"])
    #expect(untrusted.status == 60)
    #expect(server.stop().status == 0)
  }

  @Test func theEventStreamRunsOverHTTPS() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)
    let events = shoplist.folder.appendingPathComponent("events.txt")
    let stream = try ServeTests.openStream(
      server, into: events, curlOptions: ["--cacert", certificates.authority])
    defer { stream.terminate() }
    try ServeTests.waitFor("the stream to open", within: 5) {
      ServeTests.text(events).contains(": connected")
    }

    let started = Date()
    try shoplist.ok("add", "Cake")
    try ServeTests.waitFor("the change event", within: 1) {
      ServeTests.text(events).contains("event: change\ndata: {\"list\": \"shopping\"}\n\n")
    }
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(server.stop().status == 0)
  }

  @Test func theSessionCookieIsSecureUnderTLSAndOnlyThen() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let secure = try ServingShoplist(shoplist, certificates.options)
    let overTLS = try Self.signIn(secure, curlOptions: ["--cacert", certificates.authority])
    #expect(overTLS.contains("Secure"), "\(overTLS)")
    #expect(overTLS.contains("HttpOnly") && overTLS.contains("SameSite=Strict"))
    secure.stop()

    let plain = try ServingShoplist(shoplist)
    let overHTTP = try Self.signIn(plain)
    #expect(overHTTP.hasPrefix("shoplist_session="), "\(overHTTP)")
    #expect(!overHTTP.contains("Secure"), "\(overHTTP)")
    plain.stop()
  }

  @Test func aChangeWithTheCookieMustComeFromTheHTTPSPage() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)
    let trusted = ["--cacert", certificates.authority]
    let cookie = "shoplist_session=\(server.token)"
    func add(_ name: String, origin: String, host: String? = nil) throws -> Int {
      var options = trusted + ["-H", "Cookie: \(cookie)", "-H", "Origin: \(origin)"]
      if let host { options += ["-H", "Host: \(host)"] }
      return try server.endpoint.request(
        "POST", "/api/lists/shopping/items", json: #"{"name": "\#(name)"}"#, authorized: false,
        curlOptions: options
      ).status
    }

    #expect(try add("Milk", origin: "https://127.0.0.1:\(server.port)") == 200)
    // The page is never served over plain HTTP here: that origin is another site.
    #expect(try add("Eggs", origin: "http://127.0.0.1:\(server.port)") == 403)
    // A Host without a port means HTTPS's own, 443.
    #expect(try add("Tea", origin: "https://localhost", host: "localhost") == 200)
    #expect(try add("Jam", origin: "https://localhost:80", host: "localhost") == 403)
    #expect(try shoplist.names() == ["Milk", "Tea"])
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func plainHTTPToTheHTTPSPortIsToldSoAndClosed() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let server = try ServingShoplist(shoplist, certificates.options)

    let started = Date()
    let answer = try shoplist.runTool(
      "/usr/bin/curl",
      ["-s", "-m", "5", "-w", "\n%{http_code}", "http://127.0.0.1:\(server.port)/api/lists"])
    #expect(answer.stdout.hasSuffix("\n400"), "\(answer)")
    #expect(answer.stdout.contains("This address speaks HTTPS only"))
    #expect(Date().timeIntervalSince(started) < 2)
    // And the port goes on answering HTTPS.
    #expect(
      try server.endpoint.request(
        "GET", "/api/lists", curlOptions: ["--cacert", certificates.authority]
      ).status == 200)
    #expect(server.stop().status == 0)
  }

  @Test func tls11IsRefusedWhereTheClientCouldSpeakIt() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    // The client side can speak TLS 1.1 (with OpenSSL's security level lowered as old
    // clients have it): a server that allows it gets a handshake.
    let control = try Self.openSSLServer(certificates, shoplist)
    defer {
      control.process.terminate()
      control.process.waitUntilExit()
    }
    let old = ["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0", "-CAfile", certificates.authority]
    let allowed = try Self.handshake(shoplist, port: control.port, extra: old)
    #expect(allowed.status == 0, "the control server refused TLS 1.1: \(allowed)")
    #expect(allowed.stdout.contains("Protocol  : TLSv1.1"), "\(allowed.stdout)")
    #expect(!allowed.stdout.contains("Cipher is (NONE)"), "\(allowed.stdout)")

    let server = try ServingShoplist(shoplist, certificates.options)
    let refused = try Self.handshake(shoplist, port: server.port, extra: old)
    #expect(refused.status != 0)
    #expect(refused.stdout.contains("New, (NONE), Cipher is (NONE)"), "\(refused.stdout)")
    #expect(refused.stderr.contains("alert protocol version"), "\(refused.stderr)")
    let withCurl = try shoplist.runTool(
      "/usr/bin/curl",
      [
        "-s", "-o", "/dev/null", "--cacert", certificates.authority, "--tls-max", "1.1",
        "--ciphers", "DEFAULT:@SECLEVEL=0", server.base + "/",
      ])
    #expect(withCurl.status == 35, "\(withCurl)")
    for version in ["-tls1_2", "-tls1_3"] {
      let modern = try Self.handshake(
        shoplist, port: server.port, extra: [version, "-CAfile", certificates.authority])
      #expect(modern.status == 0, "\(version): \(modern)")
      #expect(modern.stdout.contains("Verify return code: 0 (ok)"))
    }
    #expect(server.stop().status == 0)
  }

  // MARK: - Helpers

  /// Opens `/?token=` and returns the `Set-Cookie` header's value.
  static func signIn(_ server: ServingShoplist, curlOptions: [String] = []) throws -> String {
    let answer = try server.shoplist.runTool(
      "/usr/bin/curl",
      ["-s", "-o", "/dev/null", "-D", "-", server.base + "/?token=\(server.token)"] + curlOptions)
    let line = answer.stdout.split(separator: "\r\n").first {
      $0.lowercased().hasPrefix("set-cookie:")
    }
    return line.map {
      String($0.dropFirst("set-cookie:".count)).trimmingCharacters(in: .whitespaces)
    }
      ?? ""
  }

  /// A TLS handshake by `openssl s_client` (and nothing sent after it).
  static func handshake(_ shoplist: Shoplist, port: Int, extra: [String]) throws
    -> Shoplist.Result
  {
    try shoplist.runTool(
      "/bin/sh",
      ["-c", "exec /usr/bin/openssl s_client -connect 127.0.0.1:\(port) \"$@\" </dev/null", "sh"]
        + extra)
  }

  /// `openssl s_server` with the test's pair, speaking TLS 1.1 only, on a free port; started
  /// once it prints that it accepts connections.
  static func openSSLServer(_ certificates: TestCertificates, _ shoplist: Shoplist) throws
    -> (process: Subprocess, port: Int)
  {
    for _ in 0..<5 {
      let port = try ExposureTests.freePort()
      let process = Subprocess()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
      process.arguments = [
        "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificates.chain, "-key",
        certificates.key, "-cipher", "DEFAULT:@SECLEVEL=0", "-tls1_1", "-naccept", "1",
      ]
      let output = Pipe()
      // Kept open: at the end of its input s_server shuts down.
      process.standardInput = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      var printed = Data()
      while !String(decoding: printed, as: UTF8.self).contains("ACCEPT") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        printed.append(chunk)
      }
      if String(decoding: printed, as: UTF8.self).contains("ACCEPT") { return (process, port) }
      process.waitUntilExit()
    }
    throw Shoplist.Failure("openssl s_server did not start")
  }
}
