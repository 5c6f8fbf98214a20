import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ConcurrencyTests {
  @Test(.onThreadsOfItsOwn) func eightProcessesAddingAtOnceAllSucceedAndLoseNothing() async throws {
    let shoplist = try Shoplist()
    try shoplist.ok("list")
    let results = try await withThrowingTaskGroup(of: [Shoplist.Result].self) { group in
      for process in 1...8 {
        group.addTask {
          var results: [Shoplist.Result] = []
          for item in 1...5 {
            results.append(
              try await shoplist.runWithoutBlocking(
                "add", "p\(process)-item\(item)", "--wait", "30"))
          }
          return results
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }

    #expect(results.allSatisfy { $0.status == 0 }, "\(results.filter { $0.status != 0 })")
    let names = Set(try shoplist.names())
    #expect(names.count == 40)
    for process in 1...8 {
      for item in 1...5 {
        #expect(names.contains("p\(process)-item\(item)"))
      }
    }
  }
}
