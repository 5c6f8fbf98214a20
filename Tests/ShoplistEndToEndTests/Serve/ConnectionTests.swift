import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// No number of idle, slow or excess connections stops `shoplist serve` answering others, or
/// kills it: the real binary, held open by raw sockets.
@Suite(.oneHeavyAtATime, .offThePool, .sqlitePass) struct ConnectionTests {
  @Test(.runningTimeLimit(.seconds(120)))
  func twoThousandIdleConnectionsDoNotKeepAnAuthorisedRequestWaiting() throws {
    RawConnection.allowOpenFiles(8_192)
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    // Started under a limit that leaves room for them, whatever the machine's default.
    let server = try ServingShoplist(shoplist, fileLimit: 8_192)

    // Held by a process of their own: this one then has few files open while every other test
    // of the run goes on starting children and opening databases.
    let idle = try HeldConnections(port: server.port, count: 2_000)
    #expect(idle.opened == 2_000)

    // Answered while they stay open: within 5 s, where a server they held up would answer
    // only once their 10 s header deadline closed them. (The time includes starting curl,
    // which a busy test run on two cores has taken over a second to do.)
    for attempt in 0..<5 {
      let started = Date()
      let answer = try server.request("GET", "/api/lists/shopping")
      let seconds = Date().timeIntervalSince(started)
      #expect(answer.status == 200, "attempt \(attempt + 1)")
      #expect(seconds < 5, "attempt \(attempt + 1) took \(seconds) s")
    }
    #expect(server.process.isRunning)
    idle.close()
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func atTheFileLimitNewConnectionsAreRefusedAndOpenOnesServed() throws {
    RawConnection.allowOpenFiles(4_096)
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk")
    let server = try ServingShoplist(shoplist, fileLimit: 160)
    let bearer = ["Authorization: Bearer \(server.token)"]

    // A phone already connected, its connection kept alive.
    guard let phone = RawConnection(port: server.port) else {
      throw Shoplist.Failure("cannot connect")
    }
    #expect(phone.request("GET", "/api/lists", port: server.port, headers: bearer) == 200)

    // Far more connections than the limit allows, sending nothing; past the limit, a new
    // connection is closed at once, never left hanging.
    var (flood, late) = RawConnection.flood(server.port, count: 400)
    guard let late else { throw Shoplist.Failure("cannot connect") }
    let refused = late.receive(for: 3)
    #expect(refused.closed, "a connection past the limit was kept waiting")

    // The open connection keeps being answered, within a second, and the server lives.
    for attempt in 0..<3 {
      let started = Date()
      let status = phone.request(
        "GET", "/api/lists/shopping", port: server.port, headers: bearer, seconds: 2)
      #expect(status == 200, "attempt \(attempt + 1)")
      #expect(Date().timeIntervalSince(started) < 1)
    }
    #expect(server.process.isRunning)

    // Once the flood is gone, new connections are taken again: as soon as the server has
    // seen the flood's connections close, which on a busy machine takes a while.
    flood.removeAll()
    #expect(try Self.answersAgain { try server.request("GET", "/api/lists").status })
    #expect(server.process.isRunning)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func headersMustArriveWithinTenSeconds() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    guard let silent = RawConnection(port: server.port),
      let dribbling = RawConnection(port: server.port),
      let keptAlive = RawConnection(port: server.port)
    else { throw Shoplist.Failure("cannot connect") }
    #expect(
      keptAlive.request(
        "GET", "/api/lists", port: server.port, headers: ["Authorization: Bearer \(server.token)"])
        == 200)
    let started = Date()
    // Half a request's headers, a byte every second.
    let partial = Array("GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    var closedAt: Date?
    for character in partial.prefix(14) {
      guard dribbling.send(String(character)) else { break }
      if dribbling.receive(for: 1).closed {
        closedAt = Date()
        break
      }
    }
    let dribbled = closedAt ?? (dribbling.receive(for: 2).closed ? Date() : nil)
    #expect(dribbled != nil, "a request dribbling its headers was kept open")
    if let dribbled {
      let seconds = dribbled.timeIntervalSince(started)
      #expect(seconds >= 9 && seconds < 12, "closed after \(seconds) s")
    }
    // A connection that never sent anything is gone by then too; one kept alive after a
    // request is not (it may idle for a minute).
    #expect(silent.receive(for: 1).closed)
    #expect(
      keptAlive.request(
        "GET", "/api/lists", port: server.port, headers: ["Authorization: Bearer \(server.token)"])
        == 200)
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func anEventStreamOutlivesTheTimeouts() throws {
    let shoplist = try Shoplist()
    let server = try ServingShoplist(shoplist)
    let stream = try server.openEventStream()
    // Past the header deadline, a change still arrives on it.
    let quiet = stream.receive(for: 12)
    #expect(!quiet.closed)
    try shoplist.ok("add", "Milk")
    let change = stream.receive(for: 3) { $0.contains("event: change") }
    #expect(change.text.contains(#"data: {"list": "shopping"}"#))
    #expect(server.stop().status == 0)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func slowReadersGetWholeBodiesOnSigtermWithinTheGracePeriod() throws {
    let shoplist = try Shoplist()
    try Self.fillWithALongList(shoplist)
    let server = try ServingShoplist(shoplist, ["--grace", "30"])
    let request =
      "GET /api/lists/shopping HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
      + "Authorization: Bearer \(server.token)\r\n\r\n"
    let readers = (0..<20).compactMap { _ in
      RawConnection(port: server.port, receiveBuffer: 16_384)
    }
    #expect(readers.count == 20)
    for reader in readers { reader.send(request) }

    // Each reads about 400 KB a second: a few seconds for the whole list.
    let results = Mutex<[(whole: Bool, bytes: Int)]>([])
    let group = DispatchGroup()
    for reader in readers {
      DispatchQueue.global().async(group: group) {
        let result = reader.readSlowly(pause: 0.04, for: 60)
        results.withLock { $0.append(result) }
      }
    }
    usleep(500_000)
    let signalled = Date()
    let (status, stderr) = server.stop(SIGTERM)
    group.wait()

    #expect(status == 0, "\(stderr)")
    let all = results.withLock { $0 }
    #expect(all.count == 20)
    for (index, result) in all.enumerated() {
      #expect(result.whole, "reader \(index + 1) got \(result.bytes) bytes")
    }
    #expect(Date().timeIntervalSince(signalled) < 30)
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func requestsSentJustBeforeSigtermAreAnswered() throws {
    let shoplist = try Shoplist()
    try Self.fillWithALongList(shoplist)
    let server = try ServingShoplist(shoplist)
    let bearer = ["Authorization: Bearer \(server.token)"]
    // Phones connected and idle, each between two requests.
    let phones = (0..<20).compactMap { _ in RawConnection(port: server.port) }
    for phone in phones {
      #expect(phone.request("GET", "/api/lists", port: server.port, headers: bearer) == 200)
    }
    // Each sends its next request, and the signal comes before the server has read them.
    for phone in phones {
      phone.send(
        "GET /api/lists/shopping HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
          + "\(bearer[0])\r\n\r\n")
    }
    kill(server.process.processIdentifier, SIGTERM)

    let results = Mutex<[(whole: Bool, bytes: Int)]>([])
    let group = DispatchGroup()
    for phone in phones {
      DispatchQueue.global().async(group: group) {
        let result = phone.readSlowly(pause: 0, for: 20)
        results.withLock { $0.append(result) }
      }
    }
    group.wait()
    let (status, stderr) = server.stop(SIGTERM)
    #expect(status == 0, "\(stderr)")
    for (index, result) in results.withLock({ $0 }).enumerated() {
      #expect(result.whole, "phone \(index + 1) got \(result.bytes) bytes")
    }
  }

  @Test(.runningTimeLimit(.seconds(120)))
  func aReaderSlowerThanTheGracePeriodDoesNotHoldTheServer() throws {
    let shoplist = try Shoplist()
    // More than the sockets between them hold: the server still has most of it to send.
    try Self.fillWithALongList(shoplist, items: 60_000)
    let server = try ServingShoplist(shoplist, ["--grace", "2"])
    guard let stalled = RawConnection(port: server.port, receiveBuffer: 4_096) else {
      throw Shoplist.Failure("cannot connect")
    }
    stalled.send(
      "GET /api/lists/shopping HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
        + "Authorization: Bearer \(server.token)\r\n\r\n")
    usleep(500_000)
    let signalled = Date()
    let (status, _) = server.stop(SIGTERM)
    let seconds = Date().timeIntervalSince(signalled)
    #expect(status == 0)
    #expect(seconds >= 1.5 && seconds < 6, "exited \(seconds) s after SIGTERM")
  }

  /// About 1.6 MB of list document for 7,000 items with notes.
  static func fillWithALongList(_ shoplist: Shoplist, items: Int = 7_000) throws {
    let rows = (1...items).map {
      "item \($0),\($0 % 9 + 1),kg,aisle \($0 % 30),a note long enough to weigh on the list"
    }
    let imported = try shoplist.run(
      arguments: ["import", "-", "--format", "csv", "-q"],
      stdin: "name,quantity,unit,category,note\n" + rows.joined(separator: "\n"))
    #expect(imported.status == 0, "\(imported)")
  }

  /// Whether `status` gives 200 within 10 s, asked every half second: how soon a server at its
  /// file limit sees closed connections go depends on how busy the machine is.
  static func answersAgain(_ status: () throws -> Int) throws -> Bool {
    for _ in 0..<20 {
      usleep(500_000)
      if try status() == 200 { return true }
    }
    return false
  }
}
