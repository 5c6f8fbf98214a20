import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ShoppingCore
import ShoppingEngines
import ShoppingService
import ShoppingTransfer
import Testing

@testable import ShoplistServer

/// A server over a real database file in a temporary folder, running on a free loopback port:
/// each request is real HTTP through every middleware and route, as from a phone.
final class Harness: Sendable {
  static let token = "test-token-0123456789abcdef"
  static let bearer: HTTPFields = [.authorization: "Bearer \(token)"]

  let folder: URL
  let service: ShoppingService
  /// The server's configuration: what ``init(shell:configuring:)`` made of the tests' defaults.
  let configuration: ShoplistServer.Configuration
  /// The page it serves: the one compiled in, unless a test gives another build.
  let shell: AppShell

  init(
    shell: AppShell = .embedded,
    configuring configure: (inout ShoplistServer.Configuration) -> Void = { _ in }
  ) throws {
    self.shell = shell
    var configuration = ShoplistServer.Configuration(
      port: 0, token: Self.token, keepAlive: .milliseconds(200),
      changePolling: .milliseconds(20))
    configure(&configuration)
    self.configuration = configuration
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A short wait for a busy database, so that the 503 test need not wait long.
    service = try ShoppingService(
      path: folder.appendingPathComponent("shoplist.sqlite").path,
      busyTimeout: .milliseconds(300))
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  var server: ShoplistServer {
    ShoplistServer(service: service, configuration: configuration, shell: shell)
  }

  /// Runs `body` with a client of the running server, which runs on threads of its own (see
  /// ``ServerThreads``).
  func withClient(
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let feed = ServerThreads.feed(self, interval: .milliseconds(20))
    let connections = OpenConnections(limit: configuration.maximumConnections ?? 1_000)
    let application = server.application(feed: feed, connections: connections)
    defer { feed.finish() }
    try await ServerThreads.serve { ended in
      try await application.test(.live) { client in
        defer { ended() }
        try await body(client)
      }
    }
  }

  /// Everything a request could change: every list's document and the newest history entry.
  func snapshot() throws -> [String] {
    var documents = try service.listSummaries().map { summary in
      ListDocuments.list(try service.list(named: summary.name))
    }
    documents.append("history \(try service.newestChange())")
    return documents
  }
}

/// A response read whole.
struct Answer {
  let status: HTTPResponse.Status
  let headers: HTTPFields
  let body: String

  func json() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }

  /// The item names of a list document.
  func names() throws -> [String] {
    try (json()["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }
}

extension TestClientProtocol {
  /// Sends a request with the token (unless `headers` say otherwise) and reads the answer.
  func send(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
    headers: HTTPFields = Harness.bearer
  ) async throws -> Answer {
    var headers = headers
    if json != nil { headers[.contentType] = "application/json" }
    return try await execute(
      uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }
    ) { response in
      Answer(
        status: response.status, headers: response.headers, body: String(buffer: response.body))
    }
  }
}

/// Runs `body`, which blocks (on sockets), on a thread of its own rather than the cooperative
/// pool the server's own tasks need.
func offTheCooperativePool(_ body: @escaping @Sendable () throws -> Void) async throws {
  try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
    Thread.detachNewThread {
      done.resume(with: Result { try body() })
    }
  }
}
