import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import Testing

@testable import ShoplistServer

/// A new build of the page replaces the one a phone keeps, on its next visit online: the
/// browser visits a server of this build, then one of another build (the same database and
/// port, a page whose add box says something else), then finds it stopped.
@Suite(.serialized) struct NewBuildTests {
  @Test(
    .enabled(
      if: TestTools.runs(needing: TestTools.hasBrowser),
      "needs chromium, chromium-driver and selenium"),
    // Ten minutes, a guard against a hang: this body's awaits wait their turn for the shared
    // pool, which the tests that block hold for minutes in a full run.
    .runningTimeLimit(.seconds(600)))
  func theNextVisitOnlineShowsTheNewBuildAndKeepsItForOffline() async throws {
    let harness = try Harness()
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    let text = "Add an item (new build)"
    let newBuild = InstallablePageTests.newBuild(saying: text)
    let first = try await LiveServer.start(harness, shell: .embedded)
    let port = first.port
    let server = RunningServer(first)
    let script = TestTools.browserScript("update_check.py", from: #filePath)
    let arguments = [
      "--url", "http://127.0.0.1:\(port)", "--token", Harness.token,
      "--shots", TestTools.screenshotFolder(from: #filePath).path,
      "--old-version", AppShell.embedded.version, "--new-version", newBuild.version,
      "--new-text", text,
    ]

    let outcome = try await onOwnThread {
      try BrowserScript.run(script, arguments) { request in
        try blockingWait {
          switch request {
          case "new build":
            try await server.replace {
              try await LiveServer.start(harness, port: port, shell: newBuild)
            }
          case "stop": try await server.replace()
          default: throw LiveServerError.unknownRequest(request)
          }
        }
      }
    }

    try await server.replace()
    #expect(outcome.allPassed, "\(outcome.output)\(outcome.errors.suffix(2_000))")
  }
}
