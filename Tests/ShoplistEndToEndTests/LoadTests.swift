import Foundation
import ShoplistTestTraits
import Testing

/// Many processes at once, mixing add, toggle, rename, list and import: none fails within
/// --wait, and the end state is what applying the same operations one by one gives (each
/// process works on its own items, so the model is exact whatever the interleaving).
@Suite(.offThePool) struct LoadTests {
  struct Model {
    var names: [String: String] = [:]  // original name → current name
    var checked: [String: Bool] = [:]  // current name → checked
  }

  @Test(.onThreadsOfItsOwn) func sixteenProcessesMixingCommandsLoseNothing() async throws {
    let shoplist = try Shoplist()
    try shoplist.ok("list")
    let processes = 16
    let rounds = Int(ProcessInfo.processInfo.environment["SHOPLIST_LOAD_ROUNDS"] ?? "") ?? 4
    let outcomes = try await withThrowingTaskGroup(of: (Model, [Shoplist.Result]).self) { group in
      for process in 1...processes {
        group.addTask {
          var model = Model()
          var results: [Shoplist.Result] = []
          func run(_ arguments: String...) async throws {
            results.append(
              try await shoplist.runWithoutBlocking(arguments: arguments + ["--wait", "60", "-q"]))
          }
          for round in 1...rounds {
            let name = "p\(process)-r\(round)"
            try await run("add", name)
            model.names[name] = name
            model.checked[name] = false
            try await run("toggle", name)
            model.checked[name] = true
            if round % 2 == 0 {
              let renamed = name + "-renamed"
              try await run("rename", name, renamed)
              model.names[name] = renamed
              model.checked[renamed] = model.checked.removeValue(forKey: name)
              try await run("toggle", renamed)
              model.checked[renamed] = false
            }
            results.append(try await shoplist.runWithoutBlocking("list", "--json", "--wait", "60"))
            // An import of the process's own rows, as a cron job would run it.
            let imported = (1...5).map { "p\(process)-r\(round)-import\($0)" }
            let csv =
              "name,checked\n"
              + imported.enumerated().map { "\($1),\($0 % 2 == 0)" }
              .joined(separator: "\n") + "\n"
            let file = try shoplist.file("p\(process)-r\(round).csv", csv)
            try await run("import", file)
            for (offset, name) in imported.enumerated() {
              model.names[name] = name
              model.checked[name] = offset % 2 == 0
            }
          }
          return (model, results)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    let failures = outcomes.flatMap(\.1).filter { $0.status != 0 }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    var expected: [String: Bool] = [:]
    for (model, _) in outcomes { expected.merge(model.checked) { $1 } }
    let items = try shoplist.items()
    #expect(items.count == processes * rounds * 6)
    #expect(items.mapValues { $0["checked"] as? Bool ?? false } == expected)
    #expect(try shoplist.integrityCheck() == "ok")
  }
}
