import Foundation
import Testing

/// The page's modules (`Sources/ShoplistServer/Page/*.js`) import each other in one direction:
/// the words, then the state, then what builds on them. A cycle makes the order in which a
/// browser evaluates them matter (a name imported before its module ran is undefined), and it
/// is a sign that a module holds what belongs to another.
@Suite struct PageModulesTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Sources/ShoplistServer/Page")

  /// Each module's imports of the page's other modules, by file name.
  static func imports() throws -> [String: [String]] {
    let files = try FileManager.default.contentsOfDirectory(atPath: page.path)
      .filter { $0.hasSuffix(".js") }
    var graph: [String: [String]] = [:]
    for file in files {
      let text = try String(contentsOf: page.appending(path: file), encoding: .utf8)
      graph[file] = text.matches(of: /from '\.\/([A-Za-z0-9_-]+\.js)'/).map { String($0.1) }
    }
    return graph
  }

  /// The first cycle found, as the files on it, or `nil`.
  static func cycle(in graph: [String: [String]]) -> [String]? {
    var done = Set<String>()
    func visit(_ file: String, _ path: [String]) -> [String]? {
      if let start = path.firstIndex(of: file) { return Array(path[start...]) + [file] }
      guard !done.contains(file) else { return nil }
      for next in graph[file] ?? [] {
        if let found = visit(next, path + [file]) { return found }
      }
      done.insert(file)
      return nil
    }
    for file in graph.keys.sorted() {
      if let found = visit(file, []) { return found }
    }
    return nil
  }

  @Test func thePagesModulesImportEachOtherWithoutACycle() throws {
    let graph = try Self.imports()
    #expect(graph["app.js"]?.isEmpty == false, "the page's modules were not found: \(graph)")
    let found = Self.cycle(in: graph)
    #expect(found == nil, "an import cycle: \(found?.joined(separator: " → ") ?? "")")
  }

  @Test func aCycleIsFound() {
    #expect(Self.cycle(in: ["a.js": ["b.js"], "b.js": ["a.js"]]) == ["a.js", "b.js", "a.js"])
    #expect(Self.cycle(in: ["a.js": ["b.js", "c.js"], "b.js": ["c.js"], "c.js": []]) == nil)
  }
}
