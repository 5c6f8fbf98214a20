import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import ShoplistServer

/// The page as an app a phone installs and keeps: the manifest, the icons, the service worker
/// and the version that makes a new build replace the kept one; and what a browser is shown
/// for a link that no longer works.
@Suite struct InstallablePageTests {
  @Test func theManifestNamesTheAppAndItsIconsArePNGsOfTheirSizes() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      let manifest = try await client.send(.get, "/manifest.webmanifest", headers: [:])
      #expect(manifest.status == .ok)
      #expect(manifest.headers[.contentType] == "application/manifest+json")
      let json = try manifest.json()
      #expect(json["name"] as? String == "Shopping list")
      #expect(json["short_name"] as? String == "Shopping")
      #expect(json["start_url"] as? String == "/")
      #expect(json["scope"] as? String == "/")
      #expect(json["display"] as? String == "standalone")
      let (light, _) = try Self.pageBackgrounds()
      #expect(json["theme_color"] as? String == light)
      #expect(json["background_color"] as? String == light)

      let icons = try #require(json["icons"] as? [[String: String]])
      var kinds: Set<String> = []
      for icon in icons {
        let source = try #require(icon["src"])
        let served = try await client.bytes(source)
        #expect(served.type == "image/png")
        #expect(icon["type"] == "image/png")
        let size = try #require(Self.pngSize(served.bytes), "\(source) is not a PNG")
        #expect(icon["sizes"] == "\(size.width)x\(size.height)")
        kinds.insert("\(icon["sizes"] ?? "") \(icon["purpose"] ?? "any")")
      }
      #expect(kinds.isSuperset(of: ["192x192 any", "512x512 any", "512x512 maskable"]))
      let touch = try await client.bytes("/apple-touch-icon.png")
      #expect(Self.pngSize(touch.bytes).map { [$0.width, $0.height] } == [180, 180])
    }
  }

  @Test func thePageLinksTheManifestAndIconAndTakesThePagesColours() throws {
    let page = String(decoding: AppShell.embedded.index.bytes, as: UTF8.self)
    let (light, dark) = try Self.pageBackgrounds()
    #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
    #expect(page.contains(#"<link rel="apple-touch-icon" href="/apple-touch-icon.png">"#))
    #expect(
      page.contains(
        #"<meta name="theme-color" content="\#(light)" media="(prefers-color-scheme: light)">"#))
    #expect(
      page.contains(
        #"<meta name="theme-color" content="\#(dark)" media="(prefers-color-scheme: dark)">"#))
  }

  @Test func theWorkerIsServedAtTheRootWithThisBuildsVersionAndFiles() async throws {
    let harness = try Harness()
    let shell = AppShell.embedded
    try await harness.withClient { client in
      let worker = try await client.send(.get, "/sw.js", headers: [:])
      #expect(worker.status == .ok)
      #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(worker.headers[.cacheControl] == "no-cache")
      #expect(worker.body.contains("const VERSION = '\(shell.version)';\n"))
      let paths = shell.files.map { "'\($0.path)'" }.joined(separator: ", ")
      #expect(worker.body.contains("const SHELL = [\(paths)];\n"))
      #expect(worker.body.hasSuffix(String(decoding: shell.worker, as: UTF8.self)))
      #expect(shell.version.count == 16 && shell.version.allSatisfy(\.isHexDigit))
      // Every file the worker caches is served, to anyone: it holds no data.
      for file in shell.files {
        let served = try await client.bytes(file.path)
        #expect(served.status == .ok, "\(file.path)")
        #expect(served.bytes == file.bytes, "\(file.path)")
      }
    }
  }

  @Test func anyChangedByteOfAnyFileChangesTheVersion() {
    let shell = AppShell.embedded
    #expect(AppShell(files: shell.files, worker: shell.worker).version == shell.version)
    var versions: Set<String> = [shell.version]
    for index in shell.files.indices {
      var files = shell.files
      var bytes = files[index].bytes
      bytes[bytes.count / 2] ^= 1
      files[index] = AppShell.File(path: files[index].path, type: files[index].type, bytes: bytes)
      versions.insert(AppShell(files: files, worker: shell.worker).version)
    }
    versions.insert(AppShell(files: shell.files, worker: shell.worker + [0x0A]).version)
    // A byte moved from the end of one file to the start of the next changes it too.
    var files = shell.files
    var shortened = files[1].bytes
    let moved = shortened.removeLast()
    files[1] = AppShell.File(path: files[1].path, type: files[1].type, bytes: shortened)
    files[2] = AppShell.File(
      path: files[2].path, type: files[2].type, bytes: [moved] + files[2].bytes)
    versions.insert(AppShell(files: files, worker: shell.worker).version)
    #expect(versions.count == shell.files.count + 3)
  }

  @Test func aServerOfAnotherBuildServesAnotherWorkerAndItsOwnPage() async throws {
    let newBuild = Self.newBuild(saying: "Add an item (new build)")
    #expect(newBuild.version != AppShell.embedded.version)
    let harness = try Harness(shell: newBuild)
    try await harness.withClient { client in
      let worker = try await client.send(.get, "/sw.js", headers: [:])
      #expect(worker.body.contains("const VERSION = '\(newBuild.version)';"))
      let page = try await client.send(.get, "/", headers: [:])
      #expect(page.body.contains(#"placeholder="Add an item (new build)""#))
    }
  }

  @Test func theFilesAreRevalidatedByTheirETagAndTheListsNeverStored() async throws {
    let harness = try Harness()
    try await harness.withClient { client in
      for path in AppShell.embedded.files.map(\.path) + ["/sw.js"] {
        let first = try await client.send(.get, path, headers: [:])
        #expect(first.headers[.cacheControl] == "no-cache", "\(path)")
        let etag = try #require(first.headers[.eTag], "\(path)")
        for given in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
          let again = try await client.send(.get, path, headers: [.ifNoneMatch: given])
          #expect(again.status == .notModified, "\(path) \(given)")
          #expect(again.body.isEmpty)
          #expect(again.headers[.eTag] == etag)
        }
        let changed = try await client.send(.get, path, headers: [.ifNoneMatch: "\"other\""])
        #expect(changed.status == .ok, "\(path)")
      }
      let lists = try await client.send(.get, "/api/lists")
      #expect(lists.headers[.cacheControl] == "no-store")
    }
  }

  @Test func theSignInCookieOutlivesTheBrowserSoAPhoneThatRestartedCanSendItsQueue()
    async throws
  {
    let harness = try Harness()
    try await harness.withClient { client in
      let opened = try await client.send(.get, "/?token=\(Harness.token)", headers: [:])
      let cookie = try #require(opened.headers[.setCookie])
      // 400 days, the longest browsers keep a cookie; a session cookie dies with the browser.
      #expect(cookie.contains("Max-Age=34560000"))
      #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    }
  }

  // MARK: - Helpers

  /// The page's background in its light and dark schemes, as app.css sets `--bg`.
  static func pageBackgrounds() throws -> (light: String, dark: String) {
    let style = String(decoding: PackageResources.app_css, as: UTF8.self)
    let colours = style.matches(of: /--bg: (#[0-9a-f]{6});/).map { String($0.1) }
    try #require(colours.count == 2, "\(colours)")
    return (colours[0], colours[1])
  }

  /// The width and height a PNG's header gives, or `nil` for bytes that are not a PNG.
  static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 24, Array(bytes[0..<8]) == signature,
      String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
    else { return nil }
    let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  /// The page as compiled in, but for its add box, which says `text`: another build.
  static func newBuild(saying text: String) -> AppShell {
    let shell = AppShell.embedded
    let files = shell.files.map { file in
      guard file.path == "/" else { return file }
      let page = String(decoding: file.bytes, as: UTF8.self)
        .replacingOccurrences(
          of: #"placeholder="Add an item (2 l milk)""#, with: "placeholder=\"\(text)\"")
      return AppShell.File(path: file.path, type: file.type, bytes: Array(page.utf8))
    }
    return AppShell(files: files, worker: shell.worker)
  }
}

extension TestClientProtocol {
  /// A file as served: its status, media type and bytes.
  func bytes(_ path: String) async throws -> (
    status: HTTPResponse.Status, type: String?, bytes: [UInt8]
  ) {
    try await execute(uri: path, method: .get, headers: [:], body: nil) { response in
      (response.status, response.headers[.contentType], Array(response.body.readableBytesView))
    }
  }
}
