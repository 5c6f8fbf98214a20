import Hummingbird
import NIOCore
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The API's one error shape, `{"error": "…"}`, with its status; a 412 adds the item as it
/// is now and who changed it last: `{"error": "…", "item": {…}, "changedBy": {…}}`, and a failure a page must tell apart from others
/// names its kind: `{"error": "…", "reason": "databaseReplaced"}`.
struct APIError: HTTPResponseError, CustomStringConvertible {
  let status: HTTPResponse.Status
  let message: String
  var headers: HTTPFields = [:]
  /// The item object the answer carries beside the message, as JSON text.
  var item: String?
  /// The kind of failure, for a client that acts on it.
  var reason: String?
  /// Who made the change that stands in the way, as JSON text: `{"by": NAME or null,
  /// "command": LABEL, "at": TIME}`.
  var changedBy: String?

  init(
    _ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:],
    item: String? = nil, reason: String? = nil
  ) {
    self.status = status
    self.message = message
    self.headers = headers
    self.item = item
    self.reason = reason
  }

  var description: String { "\(status.code) \(message)" }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var object: JSONObject = ["error": .string(message)]
    if let item { object.members.append(.init(key: "item", value: .raw(item))) }
    if let reason { object.members.append(.init(key: "reason", value: .string(reason))) }
    if let changedBy { object.members.append(.init(key: "changedBy", value: .raw(changedBy))) }
    let body = JSONValue.object(object).text
    var headers = self.headers
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = "no-store"
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }

  static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
  static let unauthorized = APIError(
    .unauthorized, "missing or wrong token: open the address shoplist serve printed",
    headers: [.wwwAuthenticate: "Bearer"])
  static let notFound = APIError(.notFound, "not found")
  static let tooManyFailures = APIError(
    .tooManyRequests, "too many wrong tokens from this address: try again in a minute",
    headers: [.retryAfter: "60"])
  static let notFromThePage = APIError(
    .forbidden, "a change sent with the page's cookie must come from the page itself, as JSON")
  static let tooLarge = APIError(.contentTooLarge, "the request body is over 1 MiB")
  /// The database file was replaced or deleted under the server (``DatabaseFile``): unlike a
  /// busy database, waiting does not help, so the answer says what does.
  static let databaseReplaced = APIError(
    .serviceUnavailable,
    "the list's database file was replaced or deleted on the server: "
      + "shoplist serve must be restarted to serve the file there now",
    reason: "databaseReplaced")

  /// The error a client sees for what the shared library threw: the same words the command
  /// line prints, with the status the contract gives that kind of failure.
  static func from(_ error: any Error) -> APIError {
    switch error {
    case let error as APIError:
      return error
    case let error as PreconditionFailure:
      var answer = APIError(
        .preconditionFailed, error.description,
        item: ListDocuments.item(error.item, position: error.position))
      answer.changedBy = error.changedBy.map { entry in
        JSONValue.object([
          "by": .nullable(entry.by), "command": .string(entry.command), "at": .time(entry.at),
        ]).text
      }
      return answer
    case let error as HistoryError:
      // A phone has no history numbers nor command line: the refusal in people's words.
      return APIError(HTTPResponse.Status(code: error.httpStatus), error.inPeoplesWords)
    case let error as any ShoplistError:
      return APIError(HTTPResponse.Status(code: error.httpStatus), error.description)
    case is NIOTooManyBytesError:
      return tooLarge
    case let error as HTTPError:
      switch error.status {
      case .notFound, .methodNotAllowed: return APIError(error.status, "not found")
      case .contentTooLarge: return tooLarge
      default:
        return APIError(
          error.status.code >= 500 ? .badRequest : error.status,
          error.body ?? error.status.reasonPhrase)
      }
    case is DecodingError:
      return badRequest("the body is not the JSON this request takes")
    case is CancellationError:
      return APIError(.serviceUnavailable, "the server is shutting down")
    default:
      return APIError(.internalServerError, "internal error")
    }
  }
}

extension FailedAuthentications {
  /// Counts a wrong credential (a token, a cookie, an invite code) from `client`, and
  /// returns the refusal it gets: 401, or 429 when the client was held off already.
  func refusal(countingFailureFrom client: String) -> APIError {
    let blocked = isBlocked(client)
    recordFailure(from: client)
    return blocked ? APIError.tooManyFailures : APIError.unauthorized
  }

  /// Whether the client `request` comes from is held off now; asks the records only while
  /// anyone may be.
  func isHoldingOff(_ request: Request, context: ServerRequestContext) -> Bool {
    mayHoldAnyone && isBlocked(client(of: request, context: context))
  }

  /// The client `request` comes from, as failures are counted (``client(peer:forwardedFor:)``).
  func client(of request: Request, context: ServerRequestContext) -> String {
    client(
      peer: context.remoteAddressText,
      forwardedFor: trustedProxies.isEmpty
        ? nil : request.headers[values: TokenAuthMiddleware.forwardedFor].joined(separator: ","))
  }
}

/// The outermost middleware: every error thrown below it — by a route, the token check, the
/// router's not-found answer, body decoding or its size limit — becomes an ``APIError``
/// response, so a client always gets `{"error": "…"}`.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let failure = APIError.from(error)
      if failure.status == .internalServerError {
        context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
      }
      return try failure.response(from: request, context: context)
    }
  }
}
