import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A household on several machines, for real: PostgreSQL on a database host, and two hosts, B
/// and C, each with its own `shoplist serve` and command lines, each reaching the database only
/// over its own network link (network namespaces and veth pairs on this machine; see
/// ``NetworkNamespaces``).
@Suite(
  .offThePool,
  .serialized, .sqlitePass,
  .enabled(
    if: TestTools.runs(
      needing: PostgresCluster.installedBin != nil && NetworkNamespaces.available)))
struct SeveralHostsTests {
  /// The database host with its cluster and one database, and hosts B and C, each with a
  /// shoplist (a home folder of its own) whose `SHOPLIST_DB` names the database by the
  /// address it reaches it at.
  final class Household {
    let network: NetworkNamespaces
    let cluster: PostgresCluster
    let database: String
    /// Hosts B and C.
    let hosts: [NetworkNamespaces.Host]
    /// Each host's shoplist, by the host's index.
    let shoplists: [Shoplist]
    private var servers: [ServingShoplist] = []
    private var streams: [Subprocess] = []

    init() throws {
      network = try NetworkNamespaces(hosts: 2)
      hosts = network.hosts
      do {
        cluster = try PostgresCluster.dedicated(
          addresses: hosts.map(\.databaseAddress), clients: hosts.map(\.network),
          launcher: network.databaseLauncher)
      } catch {
        network.remove()
        throw error
      }
      do {
        let cluster = cluster
        let database = PostgresFailureTests.database(of: try cluster.makeDatabase())
        self.database = database
        shoplists = try hosts.map { host in
          var shoplist = try Shoplist()
          shoplist.environment["SHOPLIST_DB"] = cluster.url(
            database: database, host: host.databaseAddress)
          return shoplist
        }
      } catch {
        cluster.discard()
        network.remove()
        throw error
      }
    }

    deinit { close() }

    /// Stops the streams and servers, then PostgreSQL, then removes the namespaces. With
    /// SIGKILL: a process started from a test's thread may have SIGTERM blocked.
    func close() {
      for stream in streams where stream.isRunning {
        kill(stream.processIdentifier, SIGKILL)
        stream.waitUntilExit()
      }
      streams = []
      for server in servers { server.stop(SIGKILL) }
      servers = []
      cluster.discard()
      network.remove()
    }

    /// `shoplist ARGUMENTS` on host `index`.
    func run(on index: Int, _ arguments: String...) throws -> Shoplist.Result {
      try hosts[index].run(shoplists[index], arguments)
    }

    /// `shoplist serve` on host `index`, on that host's loopback.
    func serve(on index: Int) throws -> ServingShoplist {
      let server = try ServingShoplist(
        shoplists[index],
        command: hosts[index].command([Shoplist.binary.path, "serve", "--port", "0"]))
      servers.append(server)
      return server
    }

    /// `server`'s event stream (it runs on host `index`), read from that host into a file.
    func stream(of server: ServingShoplist, on index: Int) throws -> URL {
      let file = shoplists[index].folder.appending(path: "events-\(streams.count).txt")
      streams.append(try hosts[index].connectedStream(server, into: file))
      return file
    }

    /// `SQL`'s answer from the database, through its socket file (not over any network).
    func sql(_ sql: String) throws -> String {
      try cluster.psql(sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  // MARK: - Writers on two hosts

  /// Writer `writer`'s commands, one after another: each changes something (so each records
  /// one history entry), on an item of its own and on two every writer shares.
  static func commands(of writer: Int) -> [[String]] {
    let own = "w\(writer)-tea"
    return [
      ["add", own, "Milk", "Bread"],
      ["check", own, "Milk"],
      ["edit", "Bread", "--note", "by-w\(writer)"],
      ["edit", own, "--quantity", "\(writer + 2)"],
    ]
  }

  /// An item as the model keeps it: what the commands set.
  struct ModelItem: Equatable, CustomStringConvertible {
    var name: String
    var quantity = 1
    var checked = false
    var note: String?

    var description: String { "\(name) ×\(quantity)\(checked ? " ✓" : "") \(note ?? "-")" }
  }

  /// The list after `commands`, applied one after another, as ``commands(of:)`` uses them:
  /// `add` appends a new item and unchecks one already there, `check` checks, `edit` sets.
  static func model(_ commands: [[String]]) -> [ModelItem] {
    var items: [ModelItem] = []
    for command in commands {
      let names = command.dropFirst().prefix { !$0.hasPrefix("--") }
      switch command[0] {
      case "add":
        for name in names {
          if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].checked = false
          } else {
            items.append(ModelItem(name: name))
          }
        }
      case "check":
        for name in names {
          if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].checked = true
          }
        }
      case "edit":
        guard let index = items.firstIndex(where: { $0.name == command[1] }) else { break }
        if let at = command.firstIndex(of: "--note") { items[index].note = command[at + 1] }
        if let at = command.firstIndex(of: "--quantity") {
          items[index].quantity = Int(command[at + 1]) ?? 0
        }
      default:
        break
      }
    }
    return items
  }

  /// The list document on stdout, as the model's items.
  static func items(_ result: Shoplist.Result) throws -> [ModelItem] {
    let items = try result.json()["items"] as? [[String: Any]] ?? []
    return items.map { item in
      ModelItem(
        name: item["name"] as? String ?? "?", quantity: item["quantity"] as? Int ?? 0,
        checked: item["checked"] as? Bool ?? false, note: item["note"] as? String)
    }
  }

  /// Sixteen writers, eight on each host, all at once, each running its commands one after
  /// another while both hosts' servers run: every command succeeds, each is in the history
  /// exactly once (each writer's in its own order), and the list is exactly what the
  /// history's order, applied one command after another, makes of an empty list.
  @Test func sixteenWritersOnTwoHostsLoseNothing() throws {
    let household = try Household()
    defer { household.close() }
    _ = try household.serve(on: 0)
    _ = try household.serve(on: 1)
    let writers = 16
    let results = Mutex<[Int: [Shoplist.Result]]>([:])
    let done = DispatchGroup()
    for writer in 0..<writers {
      let host = household.hosts[writer % 2]
      let shoplist = household.shoplists[writer % 2]
      done.enter()
      Thread {
        var mine: [Shoplist.Result] = []
        for command in Self.commands(of: writer) {
          mine.append(
            (try? host.run(shoplist, command))
              ?? Shoplist.Result(status: -1, stdout: "", stderr: "could not start"))
        }
        results.withLock { $0[writer] = mine }
        done.leave()
      }.start()
    }
    #expect(done.wait(timeout: .now() + 120) == .success, "the writers did not finish")

    let outcomes = results.withLock { $0 }
    for writer in 0..<writers {
      for (command, result) in zip(Self.commands(of: writer), outcomes[writer] ?? []) {
        #expect(result.status == 0, "writer \(writer): \(command): \(result)")
      }
    }

    // The history: every command once, in an order that keeps each writer's own.
    let history = try household.run(on: 1, "history", "--json", "--limit", "1000")
    let entries = try #require(history.json()["history"] as? [[String: Any]], "\(history)")
    let typed = entries.sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
      .map { $0["command"] as? String ?? "" }
    var byText: [String: (writer: Int, step: Int, command: [String])] = [:]
    for writer in 0..<writers {
      for (step, command) in Self.commands(of: writer).enumerated() {
        byText[command.joined(separator: " ")] = (writer, step, command)
      }
    }
    #expect(typed.count == writers * 4, "\(typed)")
    #expect(Set(typed) == Set(byText.keys), "\(typed)")
    var nextStep = [Int](repeating: 0, count: writers)
    var serial: [[String]] = []
    for text in typed {
      guard let (writer, step, command) = byText[text] else { continue }
      #expect(step == nextStep[writer], "writer \(writer)'s commands out of order: \(typed)")
      nextStep[writer] = step + 1
      serial.append(command)
    }

    // The list, as each host sees it: the serial model's.
    let expected = Self.model(serial)
    #expect(expected.count == writers + 2)
    for index in household.hosts.indices {
      let listed = try household.run(on: index, "list", "--json")
      #expect(try Self.items(listed) == expected, "host \(index): \(listed.stdout)")
    }
  }

  // MARK: - Streams across hosts

  /// A change made on host B, by its command line and by its server, reaches the event
  /// stream of the server on host C, read on host C, within a second.
  @Test func aChangeOnOneHostReachesTheOtherHostsStreamWithinASecond() throws {
    let household = try Household()
    defer { household.close() }
    #expect(try household.run(on: 0, "add", "Milk").status == 0)
    #expect(try household.run(on: 0, "lists", "create", "picnic").status == 0)
    let onB = try household.serve(on: 0)
    let onC = try household.serve(on: 1)
    let events = try household.stream(of: onC, on: 1)

    // The command line on B.
    let added = try ServeTests.expectChange(to: "party", in: events) {
      try household.run(on: 0, "add", "Cake", "--list", "party")
    }
    #expect(added.status == 0, "\(added)")

    // B's server.
    let answer = try ServeTests.expectChange(to: "picnic", in: events) {
      try household.hosts[0].request(
        onB, "POST", "/api/lists/picnic/items", json: #"{"name": "Plums"}"#)
    }
    #expect(answer.status == 200 || answer.status == 201, "\(answer)")

    // C's server shows both.
    let party = try household.hosts[1].request(onC, "GET", "/api/lists/party")
    #expect(party.status == 200 && party.body.contains("Cake"), "\(party)")
    let picnic = try household.hosts[1].request(onC, "GET", "/api/lists/picnic")
    #expect(picnic.status == 200 && picnic.body.contains("Plums"), "\(picnic)")
  }

  // MARK: - Quiet while nothing changes

  /// With servers on both hosts, each with an open stream, and nothing changing, neither
  /// server sends the database any query: their sessions' last queries are more than a second
  /// old and stay so, and each has one session that only listens. Every session of theirs
  /// comes over a host's own link, the only way a host has to the database.
  @Test func idleServersOnTwoHostsSendNoQueries() throws {
    let household = try Household()
    defer { household.close() }
    #expect(try household.run(on: 0, "add", "Milk").status == 0)
    let servers = try household.hosts.indices.map { try household.serve(on: $0) }
    let streams = try servers.indices.map { try household.stream(of: servers[$0], on: $0) }
    // Something to hear first, so that the servers have all done their work for it.
    #expect(try household.run(on: 1, "check", "Milk").status == 0)
    for events in streams { try ServeTests.waitForChange(to: "shopping", in: events) }

    let sessions = "datname = '\(household.database)' AND pid <> pg_backend_pid()"
    try PostgresServeTests.expectQuiet {
      Double(try household.sql(PostgresServeTests.lastQueryAge(where: sessions))) ?? -1
    }

    let listening = try household.sql(
      "SELECT string_agg(host(client_addr), ',' ORDER BY host(client_addr))"
        + " FROM pg_stat_activity WHERE \(sessions) AND query LIKE 'LISTEN%'")
    let hostAddresses = household.hosts.map(\.address).sorted()
    #expect(listening == hostAddresses.joined(separator: ","), "listening: \(listening)")
    let addresses = try household.sql(
      "SELECT string_agg(DISTINCT coalesce(host(client_addr), 'socket'), ',')"
        + " FROM pg_stat_activity WHERE \(sessions)")
    #expect(
      Set(addresses.split(separator: ",").map(String.init)) == Set(hostAddresses),
      "sessions from \(addresses)")

    // B has no way to the database host but its own link: at C's, it is out of reach.
    let elsewhere = household.cluster.url(
      database: household.database, host: household.hosts[1].databaseAddress)
    let unreachable = try household.run(on: 0, "list", "--db", elsewhere)
    #expect(unreachable.status == 69, "\(unreachable)")
  }
}
