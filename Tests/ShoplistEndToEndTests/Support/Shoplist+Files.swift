import Foundation
import Testing

extension Shoplist {
  /// Writes `text` to a file in the test's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The whole state of every list, as `export --all-lists` writes it.
  func snapshot() throws -> String {
    let result = try run("export", "--all-lists")
    #expect(result.status == 0, "\(result)")
    return result.stdout
  }

  static let hasSQLite3 = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
}
