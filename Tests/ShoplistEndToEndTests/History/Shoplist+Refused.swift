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
}
