import Foundation
import ShoppingCore
import Testing

@testable import ShoppingTransfer

/// Every reason a row is refused, each with the file and line the message names.
@Suite struct InvalidRowTests {
  func onlyError(_ format: ImportFormat, _ text: String) throws -> ImportError {
    let batch = try read(format, text)
    #expect(batch.rows.isEmpty)
    return try #require(batch.errors.first)
  }

  @Test func anEmptyNameIsRefused() throws {
    let error = try onlyError(.csv, "name,quantity\n  ,2\n")
    #expect(
      error
        == ImportError(
          file: "in.csv", line: 2, reason: .invalidField(.invalidName("  ", problem: .empty)),
          skipped: SkippedImportRow(line: 2, list: .target)
        ))
    #expect(error.description == "in.csv:2: invalid name \"  \": it is empty")
  }

  @Test func aNameWithAControlCharacterIsRefused() throws {
    let error = try onlyError(.ndjson, #"{"name": "Mi\u0007lk"}"#)
    #expect(error.reason == .invalidField(.invalidName("Mi\u{7}lk", problem: .controlCharacter)))
    #expect(error.line == 1)
  }

  @Test func aNameTooLongIsRefused() throws {
    let long = String(repeating: "é", count: 201)
    let error = try onlyError(.text, "\(long)\n")
    #expect(
      error.reason
        == .invalidField(
          .invalidName(long, problem: .tooLong(length: 201, limit: 200))
        ))
  }

  @Test func aBadQuantityIsRefused() throws {
    for quantity in ["0", "-1", "abc", "1.2.3", "1234567890123456789"] {
      let error = try onlyError(.csv, "name,quantity\nMilk,\(quantity)\n")
      #expect(error.reason == .invalidField(.invalidQuantity(quantity)), "\(quantity)")
    }
  }

  @Test func aBadTextFieldIsRefusedNamingTheField() throws {
    let note = String(repeating: "n", count: 201)
    let error = try onlyError(.csv, "name,unit,note\nMilk,l,\(note)\n")
    #expect(
      error.reason
        == .invalidField(
          .invalidText(field: "note", value: note, problem: .tooLong(length: 201, limit: 200))
        ))
    let category = try onlyError(.ndjson, #"{"name": "Milk", "category": "a\tb"}"#)
    #expect(
      category.reason
        == .invalidField(
          .invalidText(field: "category", value: "a\tb", problem: .controlCharacter)
        ))
  }

  @Test func aBadCheckedValueIsRefused() throws {
    let error = try onlyError(.csv, "name,checked\nMilk,maybe\n")
    #expect(error.reason == .invalidChecked("maybe"))
    #expect(error.description.hasPrefix("in.csv:2: invalid checked value \"maybe\""))
  }

  @Test func anIdThatIsNotAUUIDIsRefused() throws {
    let error = try onlyError(.csv, "name,id\nMilk,42\n")
    #expect(error.reason == .invalidID("42"))
    #expect(error.description == "in.csv:2: invalid id \"42\": expected a UUID")
  }

  @Test func aBadListNameIsRefused() throws {
    let name = String(repeating: "L", count: 201)
    let error = try onlyError(.ndjson, #"{"name": "Milk", "list": "\#(name)"}"#)
    #expect(
      error.reason
        == .invalidListName(
          .invalidName(name, problem: .tooLong(length: 201, limit: 200))
        ))
  }

  @Test func aRowWithoutANameIsRefused() throws {
    #expect(try onlyError(.csv, "quantity,name\n2\n").reason == .missingName)
    #expect(try onlyError(.ndjson, #"{"quantity": 2}"#).reason == .missingName)
    #expect(try onlyError(.json, #"[{"name": null}]"#).reason == .missingName)
  }

  @Test func invalidUTF8IsRefusedInEveryFormat() throws {
    let bad: [UInt8] = [0xFF, 0xFE]
    for (format, before, after) in [
      (ImportFormat.text, "", "\n"), (.csv, "name\n", "\n"),
      (.ndjson, #"{"name": ""#, "\"}\n"),
    ] {
      let batch = try read(format, bytes: Array(before.utf8) + bad + Array(after.utf8))
      #expect(batch.errors.map(\.reason) == [.invalidUTF8], "\(format)")
    }
  }

  @Test func anNDJSONLineThatIsNotJSONIsRefusedAndTheNextLinesStillCount() throws {
    let batch = try read(.ndjson, "{\"name\": \"Milk\"}\nnot json\n{\"name\": \"Tea\"}\n")
    #expect(batch.rows.map(\.name) == ["Milk", "Tea"])
    #expect(batch.errors.map(\.line) == [2])
    guard case .invalidJSON = batch.errors.first?.reason else {
      Issue.record("expected invalid JSON, got \(batch.errors)")
      return
    }
  }

  @Test func anItemThatIsNotAnObjectIsRefused() throws {
    let batch = try read(.json, "[\n{\"name\": \"Milk\"},\n\"Tea\",\n[1]\n]")
    #expect(batch.rows.map(\.name) == ["Milk"])
    #expect(batch.errors.map(\.line) == [3, 4])
    #expect(batch.errors.map(\.reason) == [.notAnItem, .notAnItem])
  }

  @Test func aFieldOfTheWrongTypeIsRefused() throws {
    let error = try onlyError(.ndjson, #"{"name": "Milk", "checked": "yes", "quantity": true}"#)
    #expect(error.reason == .wrongType(field: "quantity", expected: "a number"))
    #expect(
      try onlyError(.ndjson, #"{"name": 3}"#).reason
        == .wrongType(field: "name", expected: "a string or null"))
    #expect(
      try onlyError(.ndjson, #"{"name": "a", "checked": [true]}"#).reason
        == .wrongType(field: "checked", expected: "true or false"))
  }

  @Test func itemsOfAListWithoutANameAreRefused() throws {
    let batch = try read(.json, #"{"format": "shoplist/1", "lists": [{"items": [{"name": "a"}]}]}"#)
    #expect(batch.rows.isEmpty)
    #expect(batch.errors.map(\.reason) == [.missingListName])
  }

  @Test func aCSVQuoteLeftOpenIsRefused() throws {
    #expect(try onlyError(.csv, "name\n\"Milk\n").reason == .unterminatedQuote)
  }

  @Test func aRowTheDomainRejectsIsReportedWithItsLine() {
    let error = ImportError(
      file: "week.csv", line: 7, reason: .rejected(.itemNameTaken("Bread", list: "shopping"))
    )
    #expect(
      error.description == "week.csv:7: an item named \"Bread\" is already in list \"shopping\""
    )
  }

  @Test func anInputThatCannotBeReadIsReportedAsUnreadable() throws {
    // Reading a folder's descriptor fails (EISDIR) as a failing disk would.
    let descriptor = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var reader = TextReader(input: ByteReader(descriptor: descriptor, source: "folder"))
    #expect {
      _ = try reader.nextBatch()
    } throws: { error in
      guard let error = error as? ImportError, case .unreadable = error.reason else { return false }
      return error.file == "folder"
    }
  }

  @Test func aDocumentOfAnotherFormatStopsTheImport() {
    #expect(throws: ImportError(file: "in.json", line: 1, reason: .unsupportedFormat("other/2"))) {
      try read(.json, #"{"format": "other/2", "lists": []}"#)
    }
  }

  @Test func brokenJSONStopsTheImportAtItsLine() {
    #expect {
      try read(.json, "[\n{\"name\": \"Milk\"},\n{\"name\": }\n]")
    } throws: { error in
      guard let error = error as? ImportError, case .invalidJSON = error.reason else {
        return false
      }
      return error.line == 3
    }
  }

  @Test func quotedValuesInMessagesAreEscapedAndShortened() {
    #expect(ImportError.Reason.quoted("a\"b\u{1}") == #""a\"b\u{1}""#)
    #expect(ImportError.Reason.quoted(String(repeating: "x", count: 100)).count == 102)
    #expect(
      ImportError.Reason.quoted(String(repeating: "x", count: 150)) == "\""
        + String(repeating: "x", count: 100) + "…\"")
  }
}
