import Foundation
import ShoppingCore
import ShoppingEngines
import ShoppingService

/// Shell completion from the database: item names where a REF goes, list names after
/// `--list`, shop names after `--shop` and in `shops`, member names after `members remove`. The shells' completion scripts call these with the words typed so far; the
/// database is the one those words (`--db`) or the environment name, opened read-only, and
/// never created: with no database there is nothing to complete.
enum Completions {
  /// The names of the lists starting with what is being typed.
  @Sendable static func listNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    names(matching: prefix, words: words) { service in try service.listSummaries().map(\.name) }
  }

  /// The names of the shops starting with what is being typed.
  @Sendable static func shopNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    names(matching: prefix, words: words) { service in try service.shops().all.map(\.name) }
  }

  /// The names of the members starting with what is being typed.
  @Sendable static func memberNames(
    _ words: [String], _ index: Int, _ prefix: String
  ) -> [String] {
    names(matching: prefix, words: words) { service in try service.members().map(\.name) }
  }

  /// The names of the target list's items starting with what is being typed.
  @Sendable static func itemNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    let list =
      option(["--list", "-l"], in: words)
      ?? EnvironmentVariables.process.nonEmpty("SHOPLIST_LIST")
    return names(matching: prefix, words: words) { service in
      try service.list(named: list).products.map(\.name)
    }
  }

  private static func names(
    matching prefix: String, words: [String], _ read: (ShoppingService) throws -> [String]
  ) -> [String] {
    guard
      let path = try? DatabaseLocation.path(
        option: option(["--db"], in: words), environment: .process),
      ShoppingService.storageExists(at: path),
      let service = try? ShoppingService(
        path: path, busyTimeout: .milliseconds(200), access: .read),
      let names = try? read(service)
    else { return [] }
    // Folded as names are compared, accents aside: `weiss` offers `Weißwurst`, `creme` offers
    // `Crème fraîche`.
    let typed = Naming.looselyFolded(prefix)
    return names.filter { name in
      prefix.isEmpty || Naming.looselyFolded(name).hasPrefix(typed)
    }
  }

  /// The value of the last of `names` in `words` (`--db PATH` or `--db=PATH`).
  static func option(_ names: [String], in words: [String]) -> String? {
    var value: String?
    for (index, word) in words.enumerated() {
      if names.contains(word), index + 1 < words.count {
        value = words[index + 1]
      } else if let name = names.first(where: { word.hasPrefix($0 + "=") }) {
        value = String(word.dropFirst(name.count + 1))
      }
    }
    return value
  }
}
