import Testing

@testable import ShoplistServer

/// Who a client is, for the limits that count per client: an IPv4 address, an IPv6 /64, and
/// behind a trusted proxy the address it forwards.
@Suite struct ClientIdentityTests {
  @Test func anIPv6HostCountsAsItsWholeSlash64() {
    let first = ClientPrefix("2001:db8:1:2::1")
    #expect(first != nil)
    #expect(first == ClientPrefix("2001:db8:1:2:ffff:ffff:ffff:fffe"))
    #expect(first != ClientPrefix("2001:db8:1:3::1"))
    #expect(first?.description == "2001:db8:1:2::/64")
    #expect(ClientPrefix("[2001:db8:1:2::9]") == first)
  }

  @Test func anIPv4AddressCountsAlone() {
    #expect(ClientPrefix("192.0.2.1") != ClientPrefix("192.0.2.2"))
    #expect(ClientPrefix("192.0.2.1")?.description == "192.0.2.1")
    // An IPv4 address mapped into IPv6 is that IPv4 address.
    #expect(ClientPrefix("::ffff:192.0.2.1") == ClientPrefix("192.0.2.1"))
    #expect(ClientPrefix("not an address") == nil)
    #expect(ClientPrefix("192.0.2.1:80") == nil)
  }

  @Test func guessesFromAnyAddressOfOneSlash64AreHeldTogether() {
    let failures = FailedAuthentications(limit: 20)
    for host in 1...20 {
      let client = failures.client(peer: "2001:db8:0:7::\(host)", forwardedFor: nil)
      failures.recordFailure(from: client)
    }
    #expect(failures.isBlocked(failures.client(peer: "2001:db8:0:7::ffff", forwardedFor: nil)))
    #expect(!failures.isBlocked(failures.client(peer: "2001:db8:0:8::1", forwardedFor: nil)))
  }

  @Test func behindATrustedProxyTheForwardedAddressIsTheClient() {
    let failures = FailedAuthentications(
      trustedProxies: [ClientPrefix("127.0.0.1")!, ClientPrefix("10.0.0.2")!])
    // The nearest address the proxies did not add themselves.
    #expect(failures.client(peer: "127.0.0.1", forwardedFor: "203.0.113.7") == "203.0.113.7")
    #expect(
      failures.client(peer: "127.0.0.1", forwardedFor: "198.51.100.1, 203.0.113.7, 10.0.0.2")
        == "203.0.113.7")
    #expect(
      failures.client(peer: "127.0.0.1", forwardedFor: "2001:db8:5:6::1")
        == "2001:db8:5:6::/64")
    // Without the header, or with nothing readable in it, the proxy itself.
    #expect(failures.client(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
    #expect(failures.client(peer: "127.0.0.1", forwardedFor: "unknown") == "127.0.0.1")
    // Anyone else's X-Forwarded-For is not believed: a guesser cannot escape by forging it.
    #expect(failures.client(peer: "192.0.2.9", forwardedFor: "203.0.113.7") == "192.0.2.9")
  }
}
