import Foundation
import ShoppingCore
import ShoppingStorage
import Testing

@testable import ShoppingSQLite

@Suite("Opening a database file")
struct OpeningTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Opens `path`, expecting a refusal, and checks that the file is byte for byte as it was.
  func expectRefusal(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> DatabaseError? {
    let original = bytes(of: path)
    let error = #expect(throws: DatabaseError.self, sourceLocation: sourceLocation) {
      _ = try ShoppingDatabase(path: path)
    }
    #expect(bytes(of: path) == original, "the file changed", sourceLocation: sourceLocation)
    return error
  }

  @Test func aNewDatabaseAndItsFoldersArePrivateToTheirOwner() throws {
    let path = folder.path("data/shoplist/shopping.sqlite")

    _ = try ShoppingDatabase(path: path)

    #expect(try permissions(folder.path("data")) == 0o700)
    #expect(try permissions(folder.path("data/shoplist")) == 0o700)
    #expect(try permissions(path) == 0o600)
  }

  @Test func anEmptyFileBecomesADatabase() throws {
    let path = folder.path("shopping.sqlite")
    try Data().write(to: URL(fileURLWithPath: path))

    let database = try ShoppingDatabase(path: path)

    #expect(try database.everything() == ShoppingState())
  }

  @Test func aFileThatIsNotADatabaseIsLeftUntouched() throws {
    let path = folder.path("notes.txt")
    let text = String(repeating: "milk, bread, eggs and a little butter\n", count: 20)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))

    let error = expectRefusal(path)

    #expect(error?.reason == .corrupt)
    #expect(error?.category == .unavailable)
    #expect(folder.contents() == ["notes.txt"])
  }

  @Test func aFileTooShortForAHeaderIsLeftUntouched() throws {
    let path = folder.path("short.sqlite")
    try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: path))

    #expect(expectRefusal(path)?.reason == .corrupt)
  }

  @Test func aCorruptDatabaseIsLeftUntouched() throws {
    let path = folder.path("shopping.sqlite")
    try withDatabase(at: path) { try $0.seedGroceries([product(1, "Milk")]) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    // Page 1's b-tree header, right after the 100-byte file header.
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data(repeating: 0xFF, count: 12))
    try handle.close()

    let error = expectRefusal(path)

    // Page 1 no longer matches its checksum, and the file fails its integrity check.
    #expect(error?.reason == .damaged)
    #expect(error?.message.contains("page 1 does not hold what was written to it") == true)
    #expect(error?.resultCode != nil)
    #expect(folder.contents() == ["shopping.sqlite"])
  }

  @Test func anotherProgramsDatabaseIsLeftUntouched() throws {
    let path = folder.path("other.sqlite")
    do {
      let connection = try Connection(path: path, create: true)
      try connection.executeScript(
        "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('hi');"
      )
    }

    let error = expectRefusal(path)

    #expect(error?.reason == .notShoplist)
    #expect(error?.category == .unavailable)
  }

  @Test func aDatabaseFromANewerShoplistIsLeftUntouched() throws {
    let path = folder.path("shopping.sqlite")
    let newer = ShoppingDatabase.schemaVersion + 1
    try withDatabase(at: path) { database in
      try database.seedGroceries([product(1, "Milk")])
      try database.raw("PRAGMA user_version = \(newer)")
    }

    let error = expectRefusal(path)

    #expect(
      error?.reason == .newerSchema(version: newer, supported: ShoppingDatabase.schemaVersion))
    #expect(error?.category == .newerSchema)
  }

  @Test func aFolderThatCannotBeCreatedIsReported() throws {
    try Data().write(to: URL(fileURLWithPath: folder.path("plain-file")))

    let error = #expect(throws: DatabaseError.self) {
      _ = try ShoppingDatabase(path: folder.path("plain-file/shoplist/shopping.sqlite"))
    }

    #expect(error?.reason == .cannotOpen)
    #expect(error?.category == .unavailable)
  }

  @Test func aFolderThatIsNotWritableEvenForRootIsReported() throws {
    let error = #expect(throws: DatabaseError.self) {
      _ = try ShoppingDatabase(path: "/proc/shoplist-\(UUID().uuidString)/shopping.sqlite")
    }

    #expect(error?.category == .unavailable)
  }

  @Test(.disabled(if: isRoot, "permission bits do not stop root from writing"))
  func aReadOnlyFileIsLeftUntouched() throws {
    let path = folder.path("shopping.sqlite")
    try withDatabase(at: path) { try $0.seedGroceries([product(1, "Milk")]) }
    chmod(path, 0o400)

    #expect(expectRefusal(path)?.reason == .readOnly)
  }

  @Test(.disabled(if: isRoot, "permission bits do not stop root from writing"))
  func aReadOnlyFolderIsReported() throws {
    let readOnly = folder.path("locked")
    try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
    chmod(readOnly, 0o500)

    let error = #expect(throws: DatabaseError.self) {
      _ = try ShoppingDatabase(path: readOnly + "/shopping.sqlite")
    }

    #expect(error?.category == .unavailable)
  }

  private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }
}
