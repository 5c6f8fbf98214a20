import Foundation
import ShoppingCore

/// One row's fields as an input gives them, before the domain's rules check them.
///
/// A field that is `nil` was not given and leaves the item's field alone; an empty text field
/// clears it.
struct RawRow: Equatable {
  /// The line the row starts on.
  var line: Int
  var name: String?
  var quantity: String?
  var unit: String?
  var category: String?
  var note: String?
  var checked: String?
  var list: String?
  var id: String?
  var addedAt: String?
  var updatedAt: String?
  /// What made the row unreadable while it was read (a field that is not UTF-8, a JSON value
  /// of the wrong type), if anything: the row is bad whatever its other fields say.
  var problem: ImportError.Reason?

  init(line: Int) {
    self.line = line
  }

  /// The row checked against the domain's rules.
  ///
  /// - Parameter file: The input's name, for the error.
  /// - Throws: ``ImportError`` naming the first bad field, with what can still be read of the
  ///   row (see ``skipped``).
  func validated(file: String) throws(ImportError) -> ImportRow {
    do throws(ImportError.Reason) {
      return try validatedRow()
    } catch {
      throw ImportError(file: file, line: line, reason: error, skipped: skipped)
    }
  }

  /// What can be read of the row however bad it is: its list, a valid id, a valid name.
  var skipped: SkippedImportRow {
    let listName = list.map(Self.trimmed)
    let target: SkippedImportRow.List =
      if let listName, !listName.isEmpty {
        (try? Naming.name(listName)).map { .named($0) } ?? .unreadable
      } else {
        .target
      }
    return SkippedImportRow(
      line: line, list: target, id: id.flatMap { UUID(canonical: Self.trimmed($0)) },
      name: name.flatMap { try? Naming.name($0) }
    )
  }

  private func validatedRow() throws(ImportError.Reason) -> ImportRow {
    if let problem { throw problem }
    guard let rawName = name else { throw .missingName }
    let validName: String
    do throws(ShoppingError) {
      validName = try Naming.name(rawName)
    } catch {
      throw .invalidField(error)
    }
    var isChecked: Bool?
    if let checked {
      guard let value = Self.checkedValue(checked) else { throw .invalidChecked(checked) }
      isChecked = value
    }
    var quantity = quantity.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    var unit = unit
    if let cell = quantity, let amount = Self.amount(in: cell) {
      quantity = amount.quantity.description
      if let phraseUnit = amount.unit, unit.map({ Self.trimmed($0).isEmpty }) ?? true {
        unit = phraseUnit
      }
    }
    let changes: ProductChanges
    do throws(ShoppingError) {
      changes = try ProductChanges(
        quantity: quantity, unit: unit, category: category, note: note, isChecked: isChecked
      )
    } catch {
      throw .invalidField(error)
    }
    var listName: String?
    if let list, !Self.trimmed(list).isEmpty {
      do throws(ShoppingError) {
        listName = try Naming.name(list)
      } catch {
        throw .invalidListName(error)
      }
    }
    var uuid: UUID?
    if let id, !Self.trimmed(id).isEmpty {
      guard let parsed = UUID(canonical: Self.trimmed(id)) else { throw .invalidID(id) }
      uuid = parsed
    }
    return ImportRow(
      line: line, id: uuid, name: validName, list: listName, changes: changes,
      addedAt: try Self.timestamp(addedAt, field: "addedAt"),
      updatedAt: try Self.timestamp(updatedAt, field: "updatedAt")
    )
  }

  /// The amount a quantity cell gives as a quantity phrase without a name (`2 l`, `500g`,
  /// `1,5 kg`, `x12`), read by the core's one rule; `nil` for a plain number (the usual cell,
  /// read as it is) and for anything else (a bad quantity, a phrase with a name included).
  static func amount(in cell: String) -> (quantity: Quantity, unit: String?)? {
    let plainNumber = cell.utf8.allSatisfy {
      ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",")
    }
    guard !plainNumber else { return nil }
    let phrase = QuantityPhrase(parsing: cell)
    guard phrase.isOnlyQuantity, let quantity = phrase.quantity else { return nil }
    return (quantity, phrase.unit)
  }

  /// A timestamp field: absent or empty is no timestamp.
  private static func timestamp(
    _ text: String?, field: String
  ) throws(ImportError.Reason) -> Date? {
    guard let text, !trimmed(text).isEmpty else { return nil }
    guard let date = Timestamp.date(from: trimmed(text)) else {
      throw .invalidTimestamp(field: field, value: text)
    }
    return date
  }

  /// The spellings of `checked` the contract accepts, in any case and with accents or not:
  /// `true/false/1/0/yes/no/x` and empty (unchecked), and the yes and no of the languages
  /// other apps' files come in (`ja/nein`, `oui/non`, `sí/no`, `sim/não`, `nee`).
  static func checkedValue(_ text: String) -> Bool? {
    // One character, the usual cell, read as its byte.
    if text.utf8.count == 1, let byte = text.utf8.first {
      switch byte {
      case UInt8(ascii: "1"), UInt8(ascii: "x"), UInt8(ascii: "X"): return true
      case UInt8(ascii: "0"): return false
      default: break
      }
    }
    let text = trimmed(text)
    // Lower-cased only when there is something to lower: "0" and "x" are not copied.
    let lowerCase = text.utf8.allSatisfy { $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) }
    return switch lowerCase ? text : Naming.looselyFolded(text) {
    case "true", "1", "yes", "x", "ja", "oui", "si", "sim": true
    case "false", "0", "no", "", "nein", "non", "nao", "nee": false
    default: nil
    }
  }

  /// The text without surrounding white space; most values have none, and skip the costly
  /// general trimming.
  static func trimmed(_ text: String) -> String {
    // Printable ASCII at both ends, the usual case, needs no Unicode tables.
    if let first = text.utf8.first, let last = text.utf8.last,
      (0x21...0x7E).contains(first), (0x21...0x7E).contains(last)
    {
      return text
    }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }
}
