import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Clients that ask and never read the answer cannot hold the server: 2,000 of them are held
/// while others are answered, the memory they held is given back when they go, and one client
/// cannot hold more than 64 connections at once. The real binary, over plain HTTP and over TLS.
/// (That they are closed after 30 s without progress is `WriteDeadlineTests`', in process.)
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct SlowReaderTests {
  @Test(.runningTimeLimit(.seconds(180)), arguments: [false, true])
  func twoThousandReadersThatNeverReadAreHeldWhileOthersAreAnswered(tls: Bool) throws {
    RawConnection.allowOpenFiles(8_192)
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let certificates = tls ? try TestCertificates(in: shoplist) : nil
    let server = try ServingShoplist(shoplist, certificates?.options ?? [], fileLimit: 8_192)
    let curlOptions = certificates.map { ["--cacert", $0.authority] } ?? []
    // A new connection each time, timed by curl from its first byte out to the answer's
    // last in (not the start of its process, which a busy test run can hold up on its own).
    let ask = { () throws -> (status: Int, seconds: Double, body: String) in
      let result = try shoplist.runTool(
        "/usr/bin/curl",
        ["-s", "-S", "-o", "/dev/null", "-w", "%{http_code} %{time_total}",
         "-H", "Authorization: Bearer \(server.token)", server.base + "/api/lists/shopping"]
          + curlOptions)
      let fields = result.stdout.split(separator: " ")
      return (
        Int(fields.first ?? "") ?? 0, Double(fields.last ?? "") ?? .infinity,
        result.stderr)
    }
    // Given a server that has answered a few requests,
    for _ in 0..<5 { #expect(try ask().status == 200) }
    let filesBefore = server.openFiles
    let memoryBefore = server.residentMegabytes

    // when 2,000 clients ask for the API's description and the page, pipelined, and never read,
    let readers = try HeldConnections(port: server.port, count: 2_000, asking: true, tls: tls)
    defer { readers.close() }
    // (A few may fail to connect within 10 s when the whole test run keeps both cores busy:
    // what counts is that the server takes and holds the rest.)
    #expect(readers.opened >= 1_950)
    let started = Date()
    var held = 0
    while held < 1_900, Date().timeIntervalSince(started) < 25 {
      held = server.openFiles - filesBefore
      usleep(100_000)
    }
    #expect(held >= 1_900, "the server took \(held) of the connections")
    let memoryHeld = server.residentMegabytes

    // then a household member's new connections are answered meanwhile: within 5 s, where a
    // server the readers held up would take until their 30 s were over (a second is usual
    // here, more when the rest of the test run keeps both cores busy);
    var slowest = 0.0
    for _ in 0..<8 {
      let answer = try ask()
      slowest = max(slowest, answer.seconds)
      #expect(answer.status == 200, "\(answer.body)")
      usleep(250_000)
    }
    #expect(slowest < 5, "a request took \(slowest) s")

    // and once the readers go, their connections and the memory they held are given back.
    // (That the server closes them itself after 30 s without progress is WriteDeadlineTests',
    // in process with a shorter deadline: waiting the 30 s here made this the suite's slowest
    // test.)
    readers.close()
    var open = server.openFiles - filesBefore
    while open >= 20, Date().timeIntervalSince(started) < 60 {
      usleep(100_000)
      open = server.openFiles - filesBefore
    }
    #expect(open < 20, "\(open) still open")
    usleep(1_000_000)
    let memoryAfter = server.residentMegabytes
    #expect(
      memoryAfter < memoryBefore + 50,
      "\(memoryBefore) MB before, \(memoryHeld) MB held, \(memoryAfter) MB after")
    #expect(try ask().status == 200)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func oneClientHoldsAtMostSixtyFourConnections() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    // Given one client holding 100 connections that send nothing,
    let crowd = (0..<100).compactMap { _ in RawConnection(port: server.port, source: "127.0.0.9") }
    #expect(crowd.count == 100)
    usleep(300_000)
    // the server keeps 64 of them and closes the rest at once;
    let closed = crowd.filter { $0.receive(for: 0.05).closed }.count
    #expect(closed == 36)
    // another client is answered meanwhile, and a new connection of the first is refused.
    guard let other = RawConnection(port: server.port, source: "127.0.0.10"),
      let more = RawConnection(port: server.port, source: "127.0.0.9")
    else { throw Shoplist.Failure("cannot connect") }
    let bearer = ["Authorization: Bearer \(server.token)"]
    #expect(other.request("GET", "/api/lists", port: server.port, headers: bearer) == 200)
    #expect(more.receive(for: 2).closed)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(60)))
  func aTrustedProxyIsNotHeldToTheLimitOfOneClient() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist, ["--trust-proxy", "127.0.0.9"])
    // A reverse proxy carries every client's connections: 100 of them are all kept.
    let carried = (0..<100).compactMap { _ in
      RawConnection(port: server.port, source: "127.0.0.9")
    }
    #expect(carried.count == 100)
    usleep(300_000)
    #expect(carried.filter { $0.receive(for: 0.05).closed }.isEmpty)
    let bearer = ["Authorization: Bearer \(server.token)"]
    #expect(carried[99].request("GET", "/api/lists", port: server.port, headers: bearer) == 200)
    #expect(server.stop().status == 0)
  }

  @Test func aTrustedProxyMustBeAnAddress() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("serve", "--trust-proxy", "proxy.example")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--trust-proxy must be an IP address"), "\(result.stderr)")
  }
}
