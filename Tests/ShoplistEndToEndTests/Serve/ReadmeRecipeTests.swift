import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The README's recipes for running the server for good and reaching it from the shop, tried
/// on this machine as far as they can be without the internet. Each block is read from the
/// README (the fenced block after its `<!-- tested: NAME -->` mark), so what it says cannot
/// drift from what is tried. Paths on the host (`/etc/shoplist`, `/var/lib/shoplist`,
/// `/usr/local/bin`) are moved into the test's folder, and ports are free ones.
@Suite(.offThePool, .serialized, .sqlitePass) struct ReadmeRecipeTests {
  @Test(.enabled(if: TestTools.runsAsRoot, "needs root, for a private mount namespace"))
  func theUnitFilePassesSystemdAnalyzeVerify() throws {
    let shoplist = try Shoplist()
    let unit = try Readme.block("shoplist.service")
    #expect(unit.contains("Restart=on-failure"))
    #expect(unit.contains("EnvironmentFile=/etc/shoplist/shoplist.env"))
    #expect(unit.contains("ExecStart=/usr/local/bin/shoplist serve"))
    let file = shoplist.folder.appendingPathComponent("shoplist.service").path
    try unit.write(toFile: file, atomically: true, encoding: .utf8)

    // The unit names /usr/local/bin/shoplist, which verify checks is there: in a mount
    // namespace of its own, that folder holds this build and nothing else.
    let verified = try shoplist.runTool(
      "/usr/bin/unshare",
      [
        "-m", "/bin/sh", "-ec",
        "mount -t tmpfs tmpfs /usr/local/bin && ln -s \"$1\" /usr/local/bin/shoplist"
          + " && exec systemd-analyze verify \"$2\"",
        "sh", Shoplist.binary.path, file,
      ])

    #expect(verified.status == 0, "\(verified)")
    #expect(verified.stderr.isEmpty, "\(verified.stderr)")
  }

  @Test func theSetupCommandsAndTheUnitsCommandServeTheList() throws {
    let shoplist = try Shoplist()
    let host = HostFolders(shoplist, installed: false)
    // Every line but the one that adds a user to this machine.
    let setup = try Readme.block("setup").split(separator: "\n")
      .filter { !$0.hasPrefix("useradd ") }.joined(separator: "\n")
    let ran = try shoplist.runTool("/bin/sh", ["-ec", host.moved(setup)])
    #expect(ran.status == 0, "\(ran)")
    #expect(FileManager.default.isExecutableFile(atPath: host.root + "/usr/local/bin/shoplist"))

    let environmentFile = host.root + "/etc/shoplist/shoplist.env"
    let mode = try FileManager.default.attributesOfItem(atPath: environmentFile)[.posixPermissions]
    #expect((mode as? Int) == 0o600, "the environment file is readable by others")
    let environment = try Readme.environment(
      String(contentsOfFile: environmentFile, encoding: .utf8))
    let token = try #require(environment["SHOPLIST_TOKEN"])
    #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))

    let server = try host.start(environment: environment)
    #expect(server.token == token)
    #expect(try server.request("GET", "/api/lists").status == 200)
    let database = host.root + "/var/lib/shoplist/shoplist.sqlite"
    #expect(FileManager.default.fileExists(atPath: database))
    #expect(server.stop().status == 0)
  }

  @Test func shoplistsOwnHTTPSWithTheCertificateFilesTheHookLeaves() throws {
    let shoplist = try Shoplist()
    let host = HostFolders(shoplist)
    let certificates = try TestCertificates(in: shoplist)
    // Where certbot's deploy hook puts the pair.
    for (from, to) in [(certificates.chain, "fullchain.pem"), (certificates.key, "privkey.pem")] {
      try FileManager.default.copyItem(atPath: from, toPath: host.root + "/var/lib/shoplist/" + to)
    }
    var environment = try Readme.environment(Readme.block("tls.env"))
    environment["SHOPLIST_TOKEN"] = "a-token-for-the-tls-recipe"

    let server = try host.start(environment: environment)

    #expect(server.firstLine.hasPrefix("serving https://127.0.0.1:"))
    let answer = try server.endpoint.request(
      "GET", "/api/lists", curlOptions: ["--cacert", certificates.authority])
    #expect(answer.status == 200)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func caddyInFrontServesThePageAndTakesAChangeFromIt() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let host = HostFolders(shoplist)
    let shoplistPort = try ExposureTests.freePort()
    let caddyPort = try ExposureTests.freePort()
    let publicAddress = "list.example.org:\(caddyPort)"
    let caddy = try CaddyInFront(
      shoplist, site: Readme.block("Caddyfile"), upstreamPort: shoplistPort, httpsPort: caddyPort)
    defer { caddy.stop() }

    var environment = try Readme.environment(Readme.block("caddy.env"))
    #expect(environment["SHOPLIST_URL"] == "https://list.example.org")
    environment["SHOPLIST_URL"] = "https://\(publicAddress)"
    environment["SHOPLIST_TOKEN"] = "a-token-for-the-caddy-recipe"
    let server = try host.start(environment: environment, port: shoplistPort)
    #expect(
      server.firstLine == "serving https://\(publicAddress)/?token=a-token-for-the-caddy-recipe")

    // curl finds list.example.org on loopback and trusts Caddy's own authority only.
    let through = ["--resolve", "list.example.org:\(caddyPort):127.0.0.1", "--cacert", caddy.root]
    try caddy.waitUntilServing(server.endpoint, curlOptions: through)
    let read = try server.endpoint.request("GET", "/api/lists/shopping", curlOptions: through)
    #expect(read.status == 200)
    #expect(read.body.contains("Milk"))

    let cookie = try TLSServeTests.signIn(server, curlOptions: through)
    #expect(cookie.contains("Secure") && cookie.contains("HttpOnly"), "\(cookie)")
    let session = cookie.split(separator: ";").first.map(String.init) ?? ""
    func add(_ name: String, origin: String) throws -> Int {
      try server.endpoint.request(
        "POST", "/api/lists/shopping/items", json: #"{"name": "\#(name)"}"#, authorized: false,
        curlOptions: through + ["-H", "Cookie: \(session)", "-H", "Origin: \(origin)"]
      ).status
    }
    #expect(try add("Bread", origin: "https://\(publicAddress)") == 200)
    #expect(try add("Eggs", origin: "https://elsewhere.example") == 403)
    #expect(try shoplist.names() == ["Milk", "Bread"])

    // The event stream passes through Caddy as it is.
    let events = shoplist.folder.appendingPathComponent("events.txt")
    let stream = try ServeTests.openStream(server, into: events, curlOptions: through)
    defer { stream.terminate() }
    try ServeTests.waitFor("the stream to open", within: 5) {
      ServeTests.text(events).contains(": connected")
    }
    try shoplist.ok("add", "Cake")
    try ServeTests.waitFor("the change event through Caddy", within: 1) {
      ServeTests.text(events).contains("event: change\ndata: {\"list\": \"shopping\"}\n\n")
    }
    #expect(server.stop().status == 0)
  }
}

/// The host's folders the recipes name, inside a test's folder.
struct HostFolders {
  let shoplist: Shoplist
  let root: String

  /// - Parameter installed: Whether this build is put in `/usr/local/bin` (else a recipe does).
  init(_ shoplist: Shoplist, installed: Bool = true) {
    self.shoplist = shoplist
    root = shoplist.folder.appendingPathComponent("host").path
    for folder in ["/usr/local/bin", "/var/lib/shoplist", "/etc"] {
      try? FileManager.default.createDirectory(
        atPath: root + folder, withIntermediateDirectories: true)
    }
    if installed {
      try? FileManager.default.createSymbolicLink(
        atPath: root + "/usr/local/bin/shoplist", withDestinationPath: Shoplist.binary.path)
    }
  }

  /// `text` with the host's paths moved here and the release build replaced by this one.
  func moved(_ text: String) -> String {
    guard !text.contains(root) else { return text }
    var text = text.replacingOccurrences(of: ".build/release/shoplist", with: Shoplist.binary.path)
    for path in ["/usr/local/bin/", "/etc/shoplist", "/var/lib/shoplist"] {
      text = text.replacingOccurrences(of: path, with: root + path)
    }
    return text
  }

  /// Runs the unit's `ExecStart` as systemd would with `environment` (the environment file's
  /// variables; `$SHOPLIST_SERVE` split into words), on loopback and the port given (a free
  /// one by default) instead of the recipe's.
  func start(environment: [String: String], port: Int = 0) throws -> ServingShoplist {
    let unit = try Readme.block("shoplist.service")
    let line = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
    var words = line.dropFirst("ExecStart=".count).split(separator: " ").flatMap { word in
      word.hasPrefix("$")
        ? (environment[String(word.dropFirst())] ?? "").split(separator: " ").map(String.init)
        : [String(word)]
    }
    .map(moved)
    for (index, word) in words.enumerated().dropLast() {
      if word == "--port" { words[index + 1] = String(port) }
      if word == "--host" { words[index + 1] = "127.0.0.1" }
    }
    let variables = environment.mapValues(moved)
    return try ServingShoplist(
      shoplist, command: words, environment: variables.filter { $0.key.hasPrefix("SHOPLIST_") })
  }
}

/// The README, read from the package's folder.
enum Readme {
  static var text: String {
    get throws {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")
      return try String(contentsOf: url, encoding: .utf8)
    }
  }

  /// The fenced block that follows `<!-- tested: NAME -->`.
  static func block(_ name: String) throws -> String {
    let text = try text
    guard let mark = text.range(of: "<!-- tested: \(name) -->"),
      let open = text[mark.upperBound...].range(of: "```"),
      let lineEnd = text[open.upperBound...].firstIndex(of: "\n"),
      let close = text[lineEnd...].range(of: "\n```")
    else { throw Shoplist.Failure("README.md has no block marked \(name)") }
    return String(text[text.index(after: lineEnd)..<close.lowerBound]) + "\n"
  }

  /// An environment file's variables, as systemd reads one written like the README's
  /// (`NAME=value` lines, no quotes).
  static func environment(_ text: String) -> [String: String] {
    var variables: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return variables
  }
}
