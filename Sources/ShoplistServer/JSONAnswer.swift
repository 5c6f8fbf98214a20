import Hummingbird
import NIOCore
import NIOPosix

/// How every API route answers with a document: the blocking database work that makes it runs
/// off the event loops, and the text is sent as JSON that no cache keeps.
enum JSONAnswer {
  /// Runs `body` (blocking database work) off the event loops, and answers with the JSON it
  /// returns.
  static func make(
    status: HTTPResponse.Status = .ok, _ body: @escaping @Sendable () throws -> String
  ) async throws -> Response {
    let text = try await NIOThreadPool.singleton.runIfActive(body)
    let bytes = ByteBuffer(string: text)
    return Response(
      status: status,
      headers: [
        .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
        .contentLength: String(bytes.readableBytes),
      ],
      // Written in slices, each awaited: a request is in flight until its last byte is
      // handed over, so a shutdown waits for a long list's document to be sent whole.
      body: ResponseBody { writer in
        var rest = bytes
        while let slice = rest.readSlice(length: min(rest.readableBytes, 64 * 1024)),
          slice.readableBytes > 0
        {
          try await writer.write(slice)
        }
        try await writer.finish(nil)
      })
  }
}
