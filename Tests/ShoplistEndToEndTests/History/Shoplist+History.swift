import Foundation
import Testing

extension Shoplist {
  /// Runs `arguments`, expects exit 65 with exactly `message` on stderr, and the database
  /// byte for byte as it was.
  func refused(
    _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = databaseBytes()
    let result = try run(arguments: arguments)
    #expect(result.status == 65, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "shoplist: \(message)\n", sourceLocation: sourceLocation)
    #expect(databaseBytes() == before, sourceLocation: sourceLocation)
  }

  /// What a user sees of every list: `lists --json`, then each list's `list --json`.
  func everyList() throws -> [String] {
    let lists = try ok("lists", "--json")
    let names = (try lists.json()["lists"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
    return try [lists.stdout] + names.map { try ok("list", "--json", "--list=\($0)").stdout }
  }
}
