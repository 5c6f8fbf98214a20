// The floor of the serve rows: the least a Hummingbird 2 server can do for the same requests.
// It answers GET and PATCH of any path under /api with fixed JSON documents read once at the
// start — the same bytes `shoplist serve` answers with, so that what separates the two is
// shoplist's own work, not the size of the answer — and prints its port on the first line,
// like `shoplist serve`.
//
// Usage: shoplist-bench-hello [--document FILE] [--item FILE]
//   --document FILE   the answer to GET, and to PATCH (default: an empty list's document)
//   --item FILE       the answer to PATCH with `?return=item` (default: the document)
// It listens on 127.0.0.1, on a free port.

import Hummingbird

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line on standard output at once (a pipe would otherwise hold it in a buffer).
func say(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// The contents of the file given after `option`, if the option was given.
func file(after option: String) -> ByteBuffer? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else {
    return nil
  }
  guard let handle = fopen(arguments[index + 1], "rb") else {
    say("cannot read \(arguments[index + 1])")
    exit(66)
  }
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    let count = fread(&chunk, 1, chunk.count, handle)
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return ByteBuffer(bytes: bytes)
}

let document = file(after: "--document") ?? ByteBuffer(string: #"{"list": "shopping", "items": []}"# + "\n")
let item = file(after: "--item") ?? document

func answer(_ body: ByteBuffer) -> Response {
  Response(
    status: .ok,
    headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
    body: .init(byteBuffer: body))
}

let router = Router()
router.get("/api/**") { _, _ in answer(document) }
router.patch("/api/**") { request, _ in
  answer(request.uri.query?.contains("return=item") == true ? item : document)
}
let app = Application(
  router: router,
  configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
  onServerRunning: { channel in say("port \(channel.localAddress?.port ?? 0)") }
)
try await app.runService()
