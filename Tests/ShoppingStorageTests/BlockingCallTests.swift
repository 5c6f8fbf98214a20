import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingPostgres
import ShoppingSQLite
import ShoppingStorage
import Testing

/// A task that refuses blocking calls (a server's) cannot make one: every engine's
/// synchronous transaction stops a debug build there, while its async one, and the same
/// synchronous call anywhere else, go ahead.
@Suite struct BlockingCallTests {
  @Test(arguments: StorageKind.all)
  func aSynchronousTransactionFromATaskThatRefusesBlockingCallsStopsTheProgram(
    kind: StorageKind
  ) async throws {
    let location = try kind.makeLocation()
    await #expect(processExitsWith: .failure) { [location = location as String] in
      let storage = try StorageKind.open(location)
      _ = try await BlockingCalls.refusing {
        try BlockingCallTests.readSynchronously(storage)
      }
    }
    await #expect(processExitsWith: .failure) { [location = location as String] in
      let storage = try StorageKind.open(location)
      _ = try await BlockingCalls.refusing {
        try BlockingCallTests.writeSynchronously(storage)
      }
    }
  }

  @Test(arguments: StorageKind.all)
  func theAsyncTransactionsAndCallsOutsideSuchATaskGoAhead(kind: StorageKind) async throws {
    let subject = try kind.make()
    let storage = subject.storage
    let lists = try await BlockingCalls.refusing {
      #expect(BlockingCalls.areRefused)
      try await storage.write { try $0.execute([]) }
      return try await storage.read { try $0.listSummaries() }
    }
    #expect(lists.isEmpty)
    #expect(!BlockingCalls.areRefused)
    #expect(try Self.readSynchronously(storage).isEmpty)
    try Self.writeSynchronously(storage)
    // A task the refusing one starts refuses too; a detached one does not.
    await BlockingCalls.refusing {
      await Task { #expect(BlockingCalls.areRefused) }.value
      await Task.detached { #expect(!BlockingCalls.areRefused) }.value
    }
  }

  /// The synchronous `read`: from async code, `read` is the async one.
  static func readSynchronously(_ storage: any ShoppingStorage) throws -> [ListSummary] {
    try storage.read { try $0.listSummaries() }
  }

  /// The synchronous `write`.
  static func writeSynchronously(_ storage: any ShoppingStorage) throws {
    try storage.write { try $0.execute([]) }
  }
}
