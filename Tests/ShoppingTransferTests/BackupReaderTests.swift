import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// A backup's shops, lists' shops and default list, as the JSON reader hands them out, in
/// whatever order the document's members come; and what it refuses.
@Suite struct BackupReaderTests {
  /// The settings a JSON document holds, once read to its end.
  func settings(_ document: String, batchSize: Int = 2) throws(ImportError) -> BackupSettings {
    var reader = try ImportFormat.json.makeReader(
      ByteReader(bytes: Array(document.utf8), source: "in.json", decoder: TextDecoder(.utf8)),
      path: nil, batchSize: batchSize)
    _ = try readAll(&reader, batchSize: batchSize)
    return reader.settings
  }

  @Test func theShopsAfterTheListsAndEachListsMarksAreRead() throws {
    let document = """
      {"format": "shoplist/1", "lists": [
      {"name": "shopping", "items": [{"name": "a"}, {"name": "b"}, {"name": "c"}]},
      {"name": "Weekend", "default": true, "shop": " Lidl ", "items": []},
      {"items": [{"name": "d"}], "shop": "Aldi", "name": "Party", "default": false}
      ], "shops": [
      {"name": "Lidl", "aisles": [" Produce ", "Dairy"], "default": false},
      {"default": true, "name": "Aldi", "extra": {"ignored": [1]}}
      ]}
      """
    #expect(
      try settings(document)
        == BackupSettings(
          shops: [
            .init(name: "Lidl", aisles: ["Produce", "Dairy"], isDefault: false),
            .init(name: "Aldi", aisles: [], isDefault: true),
          ],
          listShops: [
            .init(list: "Weekend", shop: "Lidl", line: 3),
            .init(list: "Party", shop: "Aldi", line: 4),
          ],
          defaultList: "Weekend"
        ))
  }

  @Test func shopsBeforeTheListsReadTheSame() throws {
    let document = """
      {"shops": [{"name": "Lidl", "aisles": ["Dairy"], "default": true}],
       "format": "shoplist/1", "lists": [{"name": "shopping", "shop": "Lidl", "items": []}]}
      """
    #expect(
      try settings(document)
        == BackupSettings(
          shops: [.init(name: "Lidl", aisles: ["Dairy"], isDefault: true)],
          listShops: [.init(list: "shopping", shop: "Lidl", line: 2)]))
  }

  @Test func anExportOfItemsOnlyHasNoSettings() throws {
    #expect(
      try settings(#"{"format": "shoplist/1", "lists": [{"name": "a", "items": []}]}"#).isEmpty)
    #expect(try settings(#"[{"name": "milk"}]"#).isEmpty)
  }

  /// Each refusal names the line and what is wrong, and stops the import (a backup that
  /// cannot be restored whole is not restored at all).
  @Test(arguments: [
    (#"[{"aisles": []}]"#, "in.json:2: the shop has no name"),
    (#"[{"name": ""}]"#, #"in.json:2: shop: invalid name "": it is empty"#),
    (#"[{"name": 7}]"#, #"in.json:2: "name" must be a string"#),
    (#"[{"name": "Lidl", "aisles": ["Dairy", "dairy"]}]"#, "in.json:2: shop: "),
    (#"[{"name": "Lidl", "aisles": "Dairy"}]"#, "in.json:2: invalid JSON: "),
    (#"[{"name": "Lidl", "aisles": [1]}]"#, #"in.json:2: "aisles" must be an array of strings"#),
    (#"[{"name": "Lidl", "default": "yes"}]"#, #"in.json:2: "default" must be true or false"#),
    (#"{"name": "Lidl"}"#, "in.json:2: invalid JSON: "),
  ])
  func aBadShopIsRefusedWithItsLine(shops: String, message: String) {
    let document = "{\"format\": \"shoplist/1\", \"lists\": [],\n\"shops\": \(shops)}"
    #expect {
      try settings(document)
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func aBadListMarkIsRefusedWithItsLine() {
    for (member, message) in [
      (#""default": 1"#, #"in.json:2: "default" must be true or false"#),
      (#""shop": null"#, #"in.json:2: "shop" must be a string"#),
      (#""shop": "\u0007""#, "in.json:2: shop: "),
    ] {
      let document = "{\"format\": \"shoplist/1\", \"lists\": [\n{\"name\": \"a\", \(member)}]}"
      #expect {
        try settings(document)
      } throws: { error in
        "\(error)".hasPrefix(message)
      }
    }
  }

  @Test func theShopsNamesAreBoundedWhateverTheFile() {
    let aisles = (0...ImportLimits.maximumSettingNames).map { "\"c\($0)\"" }
    let document =
      "{\"format\": \"shoplist/1\", \"lists\": [], \"shops\": [{\"name\": \"Lidl\", "
      + "\"aisles\": [\(aisles.joined(separator: ", "))]}]}"
    #expect {
      try settings(document)
    } throws: { error in
      "\(error)" == "in.json:1: the shops hold more than 10,000 shop and category names"
    }
  }
}
