import HTTPTypes
import Hummingbird
import NIOCore
import ShoppingStorage

/// How every API route answers with a document: the blocking database work that makes it runs
/// off the event loops, and the text is sent as JSON that no cache keeps.
enum JSONAnswer {
  /// Runs `body` (blocking database work) off the event loops, and answers with the JSON it
  /// returns.
  static func make(
    status: HTTPResponse.Status = .ok, _ body: @escaping @Sendable () throws -> String
  ) async throws -> Response {
    response(status: status, text: try await StorageThreads.run(body))
  }

  /// The name of the header a write's answer carries with the number of the history entry
  /// that records it (none when the write changed nothing): what the page undoes when the
  /// user taps "Undo" (`POST /api/history/{id}/undo`).
  static let entryHeader = HTTPField.Name("Shoplist-Entry")!

  /// The answer to a write: `text`, with the number of the history entry that recorded the
  /// change sent as ``entryHeader``.
  static func make(status: HTTPResponse.Status = .ok, text: String, entry: Int?) -> Response {
    var answer = response(status: status, text: text)
    if let entry { answer.headers[entryHeader] = String(entry) }
    return answer
  }

  /// A document that stands at the history entry `version`: sent with that `ETag`, or, when
  /// the request's `If-None-Match` names it already, 304 without the document.
  static func document(_ bytes: ByteBuffer, version: Int, for request: Request) -> Response {
    let tag = "\"\(version)\""
    if let wanted = request.headers[.ifNoneMatch], matches(wanted, tag) {
      return Response(
        status: .notModified, headers: [.eTag: tag, .cacheControl: "no-store"])
    }
    var answer = response(status: .ok, bytes: bytes)
    answer.headers[.eTag] = tag
    return answer
  }

  /// Whether an `If-None-Match` value (`"12"`, `"11", "12"`, `W/"12"` or `*`) names `tag`.
  static func matches(_ wanted: String, _ tag: String) -> Bool {
    wanted.split(separator: ",").contains { part in
      var candidate = part
      while candidate.first == " " || candidate.first == "\t" { candidate.removeFirst() }
      while candidate.last == " " || candidate.last == "\t" { candidate.removeLast() }
      if candidate == "*" { return true }
      if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
      return candidate == tag
    }
  }

  private static func response(status: HTTPResponse.Status, text: String) -> Response {
    response(status: status, bytes: ByteBuffer(string: text))
  }

  private static func response(status: HTTPResponse.Status, bytes: ByteBuffer) -> Response {
    Response(
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
