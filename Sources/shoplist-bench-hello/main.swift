// The floor of the serve rows: the least a Hummingbird 2 server can do for the same requests.
// It answers GET and PATCH of any path under /api with a fixed small JSON document, and
// prints its port on the first line, like `shoplist serve`.
//
// Usage: shoplist-bench-hello (listens on 127.0.0.1, a free port)

import Hummingbird

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line on standard output at once (a pipe would otherwise hold it in a buffer).
func say(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

let document = #"{"list": "shopping", "items": []}"# + "\n"
let router = Router()
router.get("/api/**") { _, _ in
  Response(status: .ok, body: .init(byteBuffer: .init(string: document)))
}
router.patch("/api/**") { _, _ in
  Response(status: .ok, body: .init(byteBuffer: .init(string: document)))
}
let app = Application(
  router: router,
  configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
  onServerRunning: { channel in say("port \(channel.localAddress?.port ?? 0)") }
)
try await app.runService()
