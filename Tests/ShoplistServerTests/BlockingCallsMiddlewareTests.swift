import Hummingbird
import HummingbirdTesting
import ShoppingStorage
import Testing

@testable import ShoplistServer

/// Everything a request runs refuses blocking storage calls: a route that made one would stop
/// a debug build (`BlockingCalls`), so every server test that reaches it fails. The other
/// server tests, in process and against the `shoplist serve` binary, run under this rule.
@Suite struct BlockingCallsMiddlewareTests {
  @Test func aRouteBehindTheMiddlewareAndTheTasksItStartsRefuseBlockingCalls() async throws {
    let router = Router()
    router.add(middleware: BlockingCallsMiddleware())
    router.get("/refused") { _, _ -> String in
      let started = await Task { BlockingCalls.areRefused }.value
      return "\(BlockingCalls.areRefused) \(started)"
    }
    try await Application(router: router).test(.router) { client in
      try await client.execute(uri: "/refused", method: .get) { response in
        #expect(String(buffer: response.body) == "true true")
      }
    }
    #expect(!BlockingCalls.areRefused)
  }

}
