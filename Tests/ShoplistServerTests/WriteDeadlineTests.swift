import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

@testable import ShoplistServer

/// Clients that ask and never read the answer are closed once nothing the server sent them has
/// been taken for the write deadline, over plain HTTP and over TLS, while others are answered.
/// The server runs in this process with a deadline of 10 s, so the test waits seconds rather than
/// `serve`'s 30 (its default, checked here too); `SlowReaderTests` holds the real binary under
/// 2,000 such readers.
@Suite(.oneHeavyAtATime) struct WriteDeadlineTests {
  static let deadline: Duration = .seconds(10)

  @Test func theServersDefaultDeadlineIsThirtySeconds() {
    #expect(
      ShoplistServer.Configuration(port: 0, token: Harness.token).writeTimeout == .seconds(30))
  }

  // A guard against a hang, not a measure: the body takes about 25 s, but its awaits resume
  // on Swift's shared pool, which the whole suite around it keeps busy (twice past 120 s
  // there, with every expectation met).
  @Test(.runningTimeLimit(.seconds(300)), arguments: [false, true])
  func readersThatNeverReadAreClosedAfterTheDeadlineWhileOthersAreAnswered(tls: Bool) async throws {
    RawConnection.allowOpenFiles(8_192)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-deadline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let certificates =
      tls ? try await TestCertificates.make(in: folder.appendingPathComponent("tls").path) : nil
    let certificate = try certificates.map { try ServerCertificate(chain: $0.chain, key: $0.key) }
    let harness = try Harness(configuring: { configuration in
      configuration.writeTimeout = Self.deadline
      configuration.certificate = certificate
    })
    try harness.service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
    let server = try await LiveServer.start(harness, shell: .embedded)
    let base = "\(tls ? "https" : "http")://127.0.0.1:\(server.port)"
    let curl =
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}",
        "-H", "Authorization: Bearer \(Harness.token)", base + "/api/lists/shopping",
      ]
      + (certificates.map { ["--cacert", $0.authority] } ?? [])
    let ask = { try await ChildProcess.run("/usr/bin/curl", curl).stdout }
    #expect(try await ask() == "200")

    // Given 200 clients that ask for the API's description and the page and never read,
    let port = server.port
    let readers = try await onOwnThread {
      try HeldConnections(port: port, count: 200, asking: true, tls: tls)
    }
    let opened = ContinuousClock.now
    #expect(readers.opened == 200)
    // (The server's own count, which may lag the clients' by a moment: this process's open
    // files move with the tests beside this one.)
    var held = server.openConnections
    // (Waiting at most half the deadline: a busy server counts them in a little later.)
    while held < 190, ContinuousClock.now - opened < Self.deadline * 0.5 {
      try await Task.sleep(for: .milliseconds(50))
      held = server.openConnections
    }
    #expect(held >= 190, "the server took \(held) of the connections")

    // another client is answered meanwhile,
    #expect(try await ask() == "200")

    // and the readers are closed once the deadline has passed without progress, not before.
    var closedAfter: Duration?
    while closedAfter == nil, ContinuousClock.now - opened < .seconds(60) {
      if server.openConnections < 20 { closedAfter = ContinuousClock.now - opened }
      try await Task.sleep(for: .milliseconds(200))
    }
    let closed = try #require(closedAfter, "\(server.openConnections) still open")
    #expect(closed >= Self.deadline * 0.75 && closed < Self.deadline * 3, "closed after \(closed)")
    #expect(try await ask() == "200")
    try await onOwnThread { readers.close() }
    try await server.stop()
  }
}
