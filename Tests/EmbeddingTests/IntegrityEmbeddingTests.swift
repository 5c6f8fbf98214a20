import Foundation
import ShoppingEngines
import ShoppingService
import Testing

@Test func anEmbeddingProgramChecksItsDatabaseForDamage() throws {
  let folder = FileManager.default.temporaryDirectory.appending(path: "service-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appending(path: "shopping.sqlite").path
  do {
    let service = try ShoppingService(path: path)
    let names = (1...300).map { "Item \($0) with a name that fills the pages a little" }
    try service.perform(.add(names: names, changes: .none), onList: "shopping")
    #expect(try service.integrityProblems() == [])
  }
  // Garbage over the cell pointers of a page of items, past the schema's pages.
  let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
  try handle.seek(toOffset: 4096 * 6 + 8)
  try handle.write(contentsOf: Data(repeating: 0xFF, count: 16))
  try handle.close()

  let problems = try ShoppingService(path: path).integrityProblems()

  #expect(!problems.isEmpty)
}
