import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The page as an app on a phone's home screen, with the real binary: served ready to install
/// and keep, opened in the shop with no signal, and a stale link explained in words.
@Suite(.offThePool, .serialized, .sqlitePass) struct InstallablePageTests {
  static let token = "household-token-0123456789"

  @Test func theFilesToInstallAndKeepThePageAreServedToAnyone() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)

    let manifest = try server.fetch("/manifest.webmanifest")
    #expect(manifest.status == 200)
    #expect(manifest.type == "application/manifest+json")
    #expect(manifest.body.contains(#""display": "standalone""#))
    let worker = try server.fetch("/sw.js")
    #expect(worker.status == 200)
    #expect(worker.type == "text/javascript; charset=utf-8")
    #expect(worker.body.firstMatch(of: /\nconst VERSION = '[0-9a-f]{16}';\n/) != nil)
    for icon in ["/icon-192.png", "/icon-512.png", "/icon-maskable-512.png"] {
      let served = try server.fetch(icon)
      #expect(served.status == 200 && served.type == "image/png", "\(icon)")
    }
    #expect(server.stop().status == 0)
  }

  @Test func aBrowserOpeningAStaleLinkGetsAPageAndAProgramGetsJSON() throws {
    let shoplist = try Shoplist()
    let before = try ServingShoplist(shoplist)
    let oldLink = "/?token=\(before.token)"
    #expect(before.stop().status == 0)
    let server = try ServingShoplist(shoplist)  // restarted: a new token

    let page = try server.fetch(oldLink, accept: "text/html,application/xhtml+xml,*/*;q=0.8")
    #expect(page.status == 401)
    #expect(page.type == "text/html; charset=utf-8")
    #expect(page.body.contains("<h1>This link no longer works</h1>"))
    #expect(page.body.contains("fresh link or an invite"))
    let program = try server.fetch(oldLink)
    #expect(program.status == 401)
    #expect(program.type == "application/json; charset=utf-8")
    #expect(program.body.hasPrefix(#"{"error": "#))
    #expect(server.stop().status == 0)
  }

  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    .runningTimeLimit(.seconds(240)))
  func thePageOpensInTheShopWithNoSignalAndSendsItsQueueOnceWhenBack() throws {
    let shoplist = try Shoplist()
    var server: ServingShoplist? = try ServingShoplist(shoplist, ["--token", Self.token])
    let port = server?.port ?? 0
    let base = server?.base ?? ""
    let profile = shoplist.folder.appendingPathComponent("browser-profile")
    var stops: [Int32] = []

    let outcome = try BrowserScript.run(
      TestTools.browserScript("offline_check.py", from: #filePath),
      [
        "--url", base, "--token", Self.token, "--db", shoplist.location,
        "--binary", Shoplist.binary.path,
        "--shots", TestTools.screenshotFolder(from: #filePath).path, "--profile", profile.path,
      ]
    ) { request in
      switch request {
      case "stop":
        stops.append(server?.stop().status ?? -1)
        server = nil
      case "start":
        server = try ServingShoplist(shoplist, ["--token", Self.token], port: port)
      default:
        throw Shoplist.Failure("the browser check asked for \(request.debugDescription)")
      }
    }

    #expect(outcome.allPassed, "\(outcome.output)\(outcome.errors.suffix(2_000))")
    #expect(stops == [0])
    #expect(server?.stop().status == 0)
  }
}
