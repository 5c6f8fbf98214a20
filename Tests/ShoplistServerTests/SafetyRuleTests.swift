import Foundation
import Hummingbird
import HummingbirdTesting
import ShoplistTestSupport
import Synchronization
import Testing

@testable import ShoplistServer

/// The rules that make the server safe to expose, one at a time: the parts each middleware and
/// handler decides with, and the connection bounds on a live server with short timeouts.
@Suite struct SafetyRuleTests {
  @Test(arguments: [
    ("/", true), ("/api/lists", true), ("/api/lists/Party%20time/items/ABC", true),
    ("/api/lists/%C3%A9t%C3%A9", true), ("/app.js", true),
    ("//api/lists", false), ("/api//lists", false), ("/api/lists/", false), ("", false),
    ("/./api", false), ("/api/..", false), ("/api/%2e%2E/x", false), ("/api/%2E", false),
    ("/api%2Flists", false), ("/api%2flists", false), ("/api%5Clists", false),
    ("/api\\lists", false), ("api/lists", false), ("/api/.%2e", false), ("/api/%2E./x", false),
    ("/api/%5c", false), ("/api/...", true), ("/api/%2e%2e%2e", true), ("/api/a.", true),
    ("/api/%", true), ("/api/%2", true), ("/api/x%2e", true), ("/%2e", false), ("/.", false),
  ])
  func aPathIsServedOnlyAsWritten(path: String, served: Bool) {
    #expect(RequestGuardMiddleware<ServerRequestContext>.isServedAsWritten(path) == served)
  }

  /// The byte-by-byte reading agrees with the rule as words say it, on random paths made of
  /// the characters that matter (and a few that lower-case to others).
  @Test func aPathIsReadByteByByteAsTheRuleSays() {
    func rule(_ path: String) -> Bool {
      guard path.hasPrefix("/") else { return false }
      if path == "/" { return true }
      for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
        let lowered = segment.lowercased()
        if segment.isEmpty || lowered.contains("%2f") || lowered.contains("%5c")
          || lowered.contains("\\")
        {
          return false
        }
        let decoded = lowered.replacingOccurrences(of: "%2e", with: ".")
        if decoded == "." || decoded == ".." { return false }
      }
      return true
    }
    let alphabet: [String] = [
      "/", "/", ".", ".", "%", "2", "e", "E", "f", "F", "5", "c", "C", "\\", "a", "é", "\u{212A}",
    ]
    for text in randomTexts(from: alphabet) {
      let path = "/" + text
      let served = RequestGuardMiddleware<ServerRequestContext>.isServedAsWritten(path)
      #expect(served == rule(path), "\(path)")
    }
  }

  @Test func hostHeadersAndOriginsAreReadStrictly() {
    #expect(Authority(parsing: "Example.ORG.") == Authority(host: "example.org", port: nil))
    #expect(Authority(parsing: "127.0.0.1:8080") == Authority(host: "127.0.0.1", port: 8080))
    #expect(Authority(parsing: "[::1]:80") == Authority(host: "::1", port: 80))
    for bad in ["", "a:b", "a:0", "a:65536", "a:1:2", "[::1", "user@host", "a b", "a/b", ":80"] {
      #expect(Authority(parsing: bad) == nil, "\(bad)")
    }
    #expect(Authority(origin: "http://x.example") == Authority(host: "x.example", port: 80))
    #expect(Authority(origin: "HTTPS://x.example") == Authority(host: "x.example", port: 443))
    #expect(
      Authority(origin: "https://x.example:8443/") == Authority(host: "x.example", port: 8443))
    #expect(Authority(origin: "null") == nil)
    #expect(Authority(origin: "file:///etc") == nil)
  }

  @Test func aHostIsReadByteByByteAsTheRuleSays() {
    func rule(_ text: String) -> Authority? {
      guard !text.isEmpty,
        text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "@" })
      else { return nil }
      var host: Substring
      var portText: Substring?
      if text.hasPrefix("[") {
        guard let close = text.firstIndex(of: "]") else { return nil }
        host = text[text.index(after: text.startIndex)..<close]
        let rest = text[text.index(after: close)...]
        if !rest.isEmpty {
          guard rest.hasPrefix(":") else { return nil }
          portText = rest.dropFirst()
        }
      } else {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        host = parts[0]
        portText = parts.count == 2 ? parts[1] : nil
      }
      if host.hasSuffix(".") { host = host.dropLast() }
      guard !host.isEmpty, !host.contains("/") else { return nil }
      var port: Int?
      if let portText {
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII),
          let number = Int(portText), (1...65_535).contains(number)
        else { return nil }
        port = number
      }
      return Authority(host: String(host), port: port)
    }
    let alphabet: [String] = [
      "[", "]", ":", ":", ".", "/", "@", " ", "a", "Q", "0", "6", "5", "9", "+", "-", "é", "x",
    ]
    for text in randomTexts(from: alphabet) {
      #expect(Authority(parsing: text) == rule(text), "\(text)")
    }
  }

  @Test func theServedHostsAreTheAddressLocalhostAndThePublicName() {
    let loopback = ServedHosts(listening: "127.0.0.1", publicURL: nil)
    #expect(loopback.hosts == ["127.0.0.1", "localhost"])
    let everywhere = ServedHosts(
      listening: "0.0.0.0", publicURL: Authority(origin: "https://List.Example.org"),
      localAddresses: ["127.0.0.1", "192.168.1.20", "::1"])
    #expect(
      everywhere.hosts == ["localhost", "127.0.0.1", "192.168.1.20", "::1", "list.example.org"])
    let ipv6 = ServedHosts(listening: "::1", publicURL: nil)
    #expect(ipv6.accepts(Authority(parsing: "[::1]:8080")!))
    #expect(!ipv6.accepts(Authority(parsing: "rebind.example")!))
  }

  @Test func anAddressIsHeldOffAfterTwentyFailuresForAMinute() {
    let clock = Mutex(ContinuousClock.now)
    let failures = FailedAuthentications(now: { clock.withLock { $0 } })
    for _ in 0..<19 { failures.recordFailure(from: "192.0.2.1") }
    #expect(!failures.isBlocked("192.0.2.1"))
    failures.recordFailure(from: "192.0.2.1")
    #expect(failures.isBlocked("192.0.2.1"))
    #expect(!failures.isBlocked("192.0.2.2"))
    clock.withLock { $0 += .seconds(59) }
    #expect(failures.isBlocked("192.0.2.1"))
    clock.withLock { $0 += .seconds(2) }
    #expect(!failures.isBlocked("192.0.2.1"))
    // Failures older than the window no longer count.
    for _ in 0..<19 { failures.recordFailure(from: "192.0.2.3") }
    clock.withLock { $0 += .seconds(61) }
    failures.recordFailure(from: "192.0.2.3")
    #expect(!failures.isBlocked("192.0.2.3"))
  }

  @Test func rememberedAddressesAreBounded() {
    let failures = FailedAuthentications(limit: 2, capacity: 3)
    for address in ["a", "b", "c", "d"] {
      failures.recordFailure(from: address)
      failures.recordFailure(from: address)
    }
    // The oldest made way for the newest.
    #expect(!failures.isBlocked("a"))
    #expect(failures.isBlocked("d"))
  }

  @Test func anIdleConnectionClosesAfterTheIdleTimeoutButAStreamStays() async throws {
    let harness = try Harness { $0.idleTimeout = .milliseconds(600) }
    try await harness.withClient { client in
      let port = try #require(client.port)
      try await offTheCooperativePool {
        let idle = try #require(RawConnection(port: port))
        let bearer = ["Authorization: Bearer \(Harness.token)"]
        #expect(idle.request("GET", "/api/lists", port: port, headers: bearer) == 200)
        let stream = try #require(RawConnection(port: port))
        stream.send(
          "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(bearer[0])\r\n\r\n")
        #expect(stream.receive(for: 10) { $0.contains(": connected") }.text.contains("connected"))

        #expect(idle.receive(for: 10).closed, "an idle connection stayed open")
        let quiet = stream.receive(for: 1.5)
        #expect(!quiet.closed, "the event stream was closed as idle")
      }
    }
  }

  @Test func pastTheConnectionLimitNewConnectionsAreClosedAtOnce() async throws {
    let harness = try Harness { $0.maximumConnections = 3 }
    try await harness.withClient { client in
      let port = try #require(client.port)
      try await offTheCooperativePool {
        let bearer = ["Authorization: Bearer \(Harness.token)"]
        // Connections are taken until there is no more room (the test client may hold one).
        var held: [RawConnection] = []
        var refused: RawConnection?
        while refused == nil, held.count < 5, let connection = RawConnection(port: port) {
          if connection.request("GET", "/api/lists", port: port, headers: bearer) == 200 {
            held.append(connection)
          } else {
            refused = connection
          }
        }
        #expect(held.count >= 2 && held.count <= 3)
        #expect(refused?.receive(for: 10).closed == true, "a connection past the limit")
        // The open ones keep being answered.
        for connection in held {
          #expect(connection.request("GET", "/api/lists", port: port, headers: bearer) == 200)
        }
        // Once the server has seen one go, there is room again.
        try #require(held.first, "no connection was served").close()
        held.removeFirst()
        var status = 0
        for _ in 0..<20 where status != 200 {
          usleep(100_000)
          status =
            RawConnection(port: port)?.request(
              "GET", "/api/lists", port: port, headers: bearer, seconds: 1) ?? 0
        }
        #expect(status == 200)
      }
    }
  }

  @Test func theFileLimitLeavesRoomForTheServer() {
    #expect(FileLimit.connections(under: 1_024) == 960)
    #expect(FileLimit.connections(under: 100) == 50)
    #expect(FileLimit.connections(under: 1) == 1)
    #expect(FileLimit.raise() >= 1)
  }
}

/// 20,000 texts of 1 to 16 pieces of `alphabet`, the same on every run.
private func randomTexts(from alphabet: [String]) -> [String] {
  var state: UInt64 = 0x5eed
  return (0..<20_000).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let length = Int(state >> 60) + 1
    return (0..<length).map { step in
      let pick = (state >> UInt64(4 * (step % 15))) & 0xFF
      return alphabet[Int(pick) % alphabet.count]
    }.joined()
  }
}
