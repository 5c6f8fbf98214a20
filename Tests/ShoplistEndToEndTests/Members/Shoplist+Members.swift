import Foundation
import ShoplistTestSupport
import Testing

extension Shoplist {
  /// `shoplist members add NAME --json [--url URL]`: the invite link and its code.
  func invite(_ name: String, url: String? = nil) throws -> (link: String, code: String) {
    var arguments = ["members", "add", name, "--json"]
    if let url { arguments += ["--url", url] }
    let result = try run(arguments: arguments)
    guard result.status == 0, let link = try result.json()["link"] as? String,
      let code = link.split(separator: "/").last
    else { throw Failure("members add \(name): \(result)") }
    return (link, String(code))
  }

  /// Runs `statement` on the database file with the sqlite3 shell: what a test does to the
  /// data that no command does (turning its clock).
  func sql(_ statement: String) throws {
    let result = try runTool("/usr/bin/sqlite3", [database.path, statement])
    guard result.status == 0 else { throw Failure("sqlite3 \(statement): \(result)") }
  }

  /// Runs the browser check `script` (under `Browser/`, next to the test file `filePath`)
  /// on this database and binary, leaving its screenshots in the test run's folder.
  func browserCheck(_ script: String, from filePath: String) throws -> Result {
    try runTool(
      "/usr/bin/env",
      [
        "python3", TestTools.browserScript(script, from: filePath).path, "--db", location,
        "--binary", Shoplist.binary.path, "--shots",
        TestTools.screenshotFolder(from: filePath).path,
      ], environment: ["PYTHONDONTWRITEBYTECODE": "1"])
  }

  /// `members --json`, by name.
  func members() throws -> [String: [String: Any]] {
    let document = try run("members", "--json").json()
    let members = document["members"] as? [[String: Any]] ?? []
    return Dictionary(members.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }
  }
}

/// What opening an invite link with curl, as a phone's browser would, answered.
struct JoinAnswer {
  let status: Int
  /// Header lines, names lowercased.
  let headers: [(name: String, value: String)]
  let body: String

  func header(_ name: String) -> String? {
    headers.first { $0.name == name.lowercased() }?.value
  }

  /// The member's secret, from the `Set-Cookie` that signs the phone in.
  var secret: String? {
    guard let cookie = header("set-cookie"),
      let match = cookie.firstMatch(of: /^shoplist_session=([^;]*)/)
    else { return nil }
    return String(match.1)
  }
}

extension Endpoint {
  /// `GET PATH` (an invite link's path) without following redirects, sending `cookie` as the
  /// session cookie if given.
  func open(_ path: String, cookie: String? = nil, curlOptions: [String] = []) throws
    -> JoinAnswer
  {
    let headerFile = shoplist.folder.appendingPathComponent("headers-\(UUID().uuidString)")
    var arguments = ["-s", "-S", "-D", headerFile.path, "-o", "-", base + path] + curlOptions
    if let cookie { arguments += ["-H", "Cookie: shoplist_session=\(cookie)"] }
    let result = try shoplist.runTool("/usr/bin/curl", arguments)
    let head = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
    let lines = head.split(separator: "\r\n").map(String.init)
    let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        line[..<colon].lowercased(),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    return JoinAnswer(status: status ?? 0, headers: headers, body: result.stdout)
  }

  /// Presses the join page's button: `POST /join/CODE` as the page's plain form sends it,
  /// with the page's own `Origin` (`origin`, else this endpoint's), without following
  /// redirects.
  func join(
    _ code: String, cookie: String? = nil, origin: String? = nil, curlOptions: [String] = []
  ) throws -> JoinAnswer {
    try open(
      "/join/\(code)", cookie: cookie,
      curlOptions: [
        "-X", "POST", "--data", "", "-H", "Content-Type: application/x-www-form-urlencoded",
        "-H", "Origin: \(origin ?? base)",
      ] + curlOptions)
  }

  /// A request with a member's cookie, as the page sends it (its own `Origin`).
  func request(
    _ method: String, _ path: String, json: String? = nil, member secret: String
  ) throws -> (status: Int, body: String) {
    try request(
      method, path, json: json, authorized: false,
      curlOptions: ["-H", "Cookie: shoplist_session=\(secret)", "-H", "Origin: \(base)"])
  }
}
