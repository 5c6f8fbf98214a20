import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import ShoppingCore
import ShoppingEngines
import ShoppingService
import Testing

/// An item changed thousands of times a second — a script in a loop, a client stuck
/// resending — keeps an `updatedAt` within a second of the clock, on either engine, while a
/// change made on what was seen before the last of them is still refused.
@Suite(.offThePool) struct UpdatedAtRateTests {
  /// Where the database lives: a file, or a fresh database of the test cluster.
  enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var all: [Engine] {
      TestTools.runs(needing: PostgresCluster.installedBin != nil) ? allCases : [.sqlite]
    }

    var testDescription: String { rawValue }

    func location() throws -> String {
      switch self {
      case .sqlite:
        let folder = FileManager.default.temporaryDirectory
          .appending(path: "updated-at-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appending(path: "shoplist.sqlite").path
      case .postgres:
        guard let cluster = PostgresCluster.shared else {
          throw PostgresCluster.Failure("no PostgreSQL cluster could be started")
        }
        return try cluster.makeDatabase()
      }
    }
  }

  /// A list with Milk on it, in a service whose clock is `clock`.
  func service(_ engine: Engine, clock: ShoppingEnvironment) throws -> ShoppingService {
    let service = try ShoppingService(path: try engine.location(), environment: clock)
    try service.perform(.add(names: ["Milk"], changes: .none), onList: nil)
    return service
  }

  func milk(_ service: ShoppingService) throws -> Product {
    try #require(try service.list(named: nil).product(named: "Milk"))
  }

  @Test(arguments: Engine.all)
  func thousandsOfChangesInOneSecondLeaveUpdatedAtWithinASecondOfTheClock(
    engine: Engine
  ) throws {
    // Given a clock that stands still: every change below is made within one second.
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let service = try service(engine, clock: .deterministic(now: now))
    var times: Set<Date> = [try milk(service).updatedAt]

    // When Milk is toggled 2,000 times (500 on PostgreSQL, where a change takes a dozen round
    // trips: the rule is the service's, the same on both; what the engine adds is keeping
    // each time to the microsecond, which 500 show as well).
    let changes = engine == .postgres ? 500 : 2_000
    for _ in 0..<changes {
      try service.perform(.set(.toggled, items: [.typed("milk")]), onList: nil)
      times.insert(try milk(service).updatedAt)
    }

    // Then each change had a time of its own, and the last is within a second of the clock.
    #expect(times.count == changes + 1)
    let last = try milk(service).updatedAt
    #expect(last > now && last <= now.addingTimeInterval(1), "\(last)")
  }

  @Test(arguments: Engine.all)
  func changesAsFastAsTheStorageTakesThemStayWithinASecondOfTheClock(engine: Engine) throws {
    // Given the system clock.
    let service = try service(engine, clock: .live)

    // When Milk is toggled as fast as the storage takes it for two seconds.
    var changes = 0
    let end = Date().addingTimeInterval(2)
    while Date() < end {
      try service.perform(.set(.toggled, items: [.typed("milk")]), onList: nil)
      changes += 1
    }

    // Then its time is not ahead of the clock by more than a second.
    let updatedAt = try milk(service).updatedAt
    #expect(updatedAt <= Date().addingTimeInterval(1), "\(changes) changes: \(updatedAt)")
  }

  @Test(arguments: Engine.all)
  func aChangeOnWhatWasSeenBeforeAnotherChangeInTheSameSecondIsRefused(engine: Engine) throws {
    // Given Milk as a page saw it, then changed by someone else within the same second.
    let service = try service(engine, clock: .deterministic(now: Date(timeIntervalSince1970: 0)))
    let seen = try milk(service)
    try service.perform(.set(.checked, items: [.typed("milk")]), onList: nil)
    let current = try milk(service)
    #expect(Timestamp.string(from: current.updatedAt) == Timestamp.string(from: seen.updatedAt))
    #expect(
      Timestamp.preciseString(from: current.updatedAt)
        != Timestamp.preciseString(from: seen.updatedAt))

    // When the page's change, made on what it saw, arrives.
    let intent = ListIntent.edit(
      .id(seen.id), name: nil, changes: try ProductChanges(note: "oat")
    ).only(if: .unchangedSince(seen.updatedAt))

    // Then it is refused and Milk stays as the other change left it.
    #expect(throws: PreconditionFailure.self) { try service.perform(intent, onList: nil) }
    #expect(try milk(service) == current)

    // And made on Milk as it now is, read back through its text as a page reads it, it applies.
    let shown = try #require(Timestamp.date(from: Timestamp.preciseString(from: current.updatedAt)))
    try service.perform(
      ListIntent.edit(.id(seen.id), name: nil, changes: try ProductChanges(note: "oat"))
        .only(if: .unchangedSince(shown)),
      onList: nil)
    #expect(try milk(service).note == "oat")
  }
}
