import Foundation
import ShoppingCore
import ShoppingSQLite
import ShoppingService
import ShoppingTransfer
import Testing

@Test func anEmbeddingProgramImportsACSVFileAndExportsJSONThroughTheLibraryLayer() throws {
  let folder = FileManager.default.temporaryDirectory.appending(path: "service-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let csv = folder.appending(path: "week.csv")
  try Data("name,quantity,unit\nMilk,2,l\nBread,1,\n".utf8).write(to: csv)

  // The same work the shoplist command line does, on an SQLite file: one transaction per call.
  let database = try ShoppingDatabase(path: folder.appending(path: "shopping.sqlite").path)
  let service = ShoppingService(storage: database)

  // Import: a streaming reader of the file, applied all or nothing.
  let input = try ImportInput.opening(csv.path)
  defer { input.close() }
  var reader = try ImportFormat.auto.reader(for: input)
  let importer = Importer(file: input.name, options: ImportOptions(targetList: "Groceries"))
  let imported = try service.importRows(from: &reader, with: importer)
  #expect(imported.summary.added == 2)

  // Intents, as a front end asks them: add eggs, then check the milk by name.
  try service.perform(.add(names: ["Eggs"], changes: .none), onList: "Groceries")
  let checked = try service.perform(.set(.checked, items: [.typed("milk")]), onList: "Groceries")
  #expect(checked.items.first?.after?.isChecked == true)

  // Export: the JSON document `shoplist export` writes.
  var json = ""
  try service.export(.list("Groceries"), format: .json) { json += $0 }
  let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
  let lists = document?["lists"] as? [[String: Any]]
  let items = lists?.first?["items"] as? [[String: Any]]
  #expect(items?.map { $0["name"] as? String } == ["Milk", "Bread", "Eggs"])
  #expect(items?.map { $0["checked"] as? Bool } == [true, false, false])
}
