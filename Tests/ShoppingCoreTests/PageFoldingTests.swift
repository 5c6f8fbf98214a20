import Foundation
import ShoplistTestSupport
import Testing

@testable import ShoppingCore

/// The page compares names itself (`Page/words.js`'s `norm`: to find the item a phrase names
/// while offline, to match an event to what it shows), so its folding has to agree with the
/// core's `NameKey` on every case the core's own tests hold: two names are one name on the page
/// exactly when they are one name in the core.
@Suite struct PageFoldingTests {
  static let words = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Sources/ShoplistServer/Page/words.js")

  /// Every name of the core's folding cases, once.
  static let names: [String] = {
    var seen = Set<String>()
    let all = NameKeyTests.sameNames.flatMap { $0 }
      + NameKeyTests.differentNames.flatMap { [$0.0, $0.1] }
      + ["  Oat   milk ", "oat milk", "Hafermilch", "HAFERMILCH", "Äpfel", "äpfel", "Apfel"]
    return all.filter { seen.insert($0).inserted }
  }()

  @Test(.enabled(if: TestTools.runs(needing: TestTools.hasNode), "needs Node.js"))
  func thePageFoldsNamesAsTheCoreDoes() async throws {
    let page = try await Self.pageKeys(of: Self.names)
    try #require(page.count == Self.names.count)
    for (i, first) in Self.names.enumerated() {
      for (j, second) in Self.names.enumerated() where j > i {
        let core = NameKey(lookingUp: first) == NameKey(lookingUp: second)
        #expect(
          (page[i] == page[j]) == core,
          """
          \(first.debugDescription) and \(second.debugDescription): the core says \
          \(core ? "one name" : "two names"), the page says \(page[i].debugDescription) and \
          \(page[j].debugDescription)
          """)
      }
    }
  }

  @Test(.enabled(if: TestTools.runs(needing: TestTools.hasNode), "needs Node.js"))
  func aGroupOfTheCoresSameNamesIsOneNameOnThePage() async throws {
    let group = NameKeyTests.sameNames[0]
    let page = try await Self.pageKeys(of: group)
    #expect(Set(page).count == 1, "\(page)")
  }

  /// The page's `norm` of each name, computed by Node from `words.js` itself.
  static func pageKeys(of names: [String]) async throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "shoplist-page-folding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // As a module: Node reads `.mjs` files as the modules a browser does.
    let module = folder.appending(path: "words.mjs")
    try FileManager.default.copyItem(at: words, to: module)
    let script = """
      globalThis.localStorage = { getItem: () => null, setItem: () => {} };
      globalThis.location = { hash: '' };
      const { norm } = await import(process.argv[1]);
      let input = '';
      for await (const chunk of process.stdin) input += chunk;
      process.stdout.write(JSON.stringify(JSON.parse(input).map(norm)));
      """
    let result = try await ChildProcess.run(
      "/usr/bin/env", ["node", "--input-type=module", "-e", script, module.path],
      stdin: try JSONEncoder().encode(names))
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode([String].self, from: result.stdoutData)
  }
}
