import ShoppingCore

/// Reads plain text: one item per line, as people write lists and other apps paste them.
///
/// - Blank lines and lines starting with `#` (after white space) are skipped, except
///   `# list: NAME`, which sends the lines after it to the list NAME, and names that list even
///   when no line follows.
/// - List bullets (`- `, `* `, `• `, `1. `, `1) `) are markup, not part of the name.
/// - `[ ] milk` is the item `milk`, unchecked; `[x] milk` checked; after a bullet too, as
///   Markdown writes tasks (`- [x] milk`).
/// - What remains is a quantity phrase, read by the core's one rule (``QuantityPhrase``):
///   `2 l milk` and `eggs x12` give the item its quantity and unit. A line that is only a
///   quantity (`2 l`) names no item and is a bad row.
/// - A line starting with `\` loses that one character and is the name as it is: no bullet,
///   box or phrase is read from it (`\#1 tip` is the item `#1 tip`, `\2 l` the item `2 l`).
struct TextReader: ImportReader {
  private var lines: LineRows
  /// The list the lines go to: the target list, a named one, or one whose `# list:` line was
  /// invalid (its line), whose rows are then bad too rather than sent elsewhere.
  private var list: List = .target

  private enum List {
    case target
    case named(String)
    case invalid(line: Int)
  }

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    lines = LineRows(input: input, batchSize: batchSize)
  }

  var bytesRead: Int { lines.bytesRead }

  var notes: ImportNotes { ImportNotes(readAs: lines.readAs) }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    let source = lines.source
    var list = self.list
    defer { self.list = list }
    return try lines.nextBatch { bytes, number, batch in
      guard let text = String(importedUTF8: bytes) else {
        batch.errors.append(
          ImportError(
            file: source, line: number, reason: .invalidUTF8,
            skipped: Self.skipped(number, list: list)
          )
        )
        return
      }
      var line = Substring(RawRow.trimmed(text))
      if line.isEmpty { return }
      var isChecked: Bool?
      var phrase: QuantityPhrase?
      if line.first == "\\" {
        line = line.dropFirst()
      } else if line.first == "#" {
        guard let name = Self.listName(in: line) else { return }
        do throws(ShoppingError) {
          let valid = try Naming.name(name)
          list = .named(valid)
          batch.name(list: valid)
        } catch {
          list = .invalid(line: number)
          batch.errors.append(
            ImportError(file: source, line: number, reason: .invalidListName(error))
          )
        }
        return
      } else {
        line = Self.droppingBullet(line)
        if let (checked, rest) = Self.checkbox(line) {
          isChecked = checked
          line = rest
        }
        let read = QuantityPhrase(parsing: String(line))
        guard !read.isOnlyQuantity else {
          batch.errors.append(
            ImportError(
              file: source, line: number, reason: .onlyQuantity(String(line)),
              skipped: Self.skipped(number, list: list)
            )
          )
          return
        }
        phrase = read
      }
      let target: String?
      switch list {
      case .target: target = nil
      case let .named(name): target = name
      case let .invalid(listLine):
        batch.errors.append(
          ImportError(
            file: source, line: number, reason: .listLineInvalid(line: listLine),
            skipped: SkippedImportRow(line: number, list: .unreadable)
          )
        )
        return
      }
      let checked = ProductChanges(
        validQuantity: nil, unit: nil, category: nil, note: nil, isChecked: isChecked)
      do throws(ShoppingError) {
        batch.rows.append(
          ImportRow(
            line: number, name: try Naming.name(phrase?.name ?? String(line)), list: target,
            changes: phrase.map(checked.amount(of:)) ?? checked
          )
        )
      } catch {
        batch.errors.append(
          ImportError(
            file: source, line: number, reason: .invalidField(error),
            skipped: Self.skipped(number, list: list)
          )
        )
      }
    }
  }

  /// The name in a `# list: NAME` line, or `nil` for any other comment.
  private static func listName(in line: Substring) -> String? {
    let comment = line.dropFirst().drop { $0 == " " || $0 == "\t" }
    guard comment.prefix(5).lowercased() == "list:" else { return nil }
    return String(comment.dropFirst(5))
  }

  /// The line without the list bullet it starts with (`- `, `* `, `• `, or a number of up to
  /// nine digits and `. ` or `) `), or the whole line when a bullet is all there is.
  static func droppingBullet(_ line: Substring) -> Substring {
    var rest: Substring
    switch line.first {
    case "-", "*", "•":
      rest = line.dropFirst()
    case let digit? where digit.isASCII && digit.isNumber:
      let digits = line.prefix { $0.isASCII && $0.isNumber }
      rest = line.dropFirst(digits.count)
      guard digits.count <= 9, rest.first == "." || rest.first == ")" else { return line }
      rest = rest.dropFirst()
    default:
      return line
    }
    guard rest.first == " " || rest.first == "\t" else { return line }
    let item = rest.drop { $0 == " " || $0 == "\t" }
    return item.isEmpty ? line : item
  }

  /// The checked state a leading `[ ]` or `[x]` gives, and the rest of the line.
  private static func checkbox(_ line: Substring) -> (Bool, Substring)? {
    guard line.count > 3, line.hasPrefix("[") else { return nil }
    let box = line.prefix(3)
    let checked: Bool
    switch box {
    case "[ ]": checked = false
    case "[x]", "[X]": checked = true
    default: return nil
    }
    let rest = line.dropFirst(3)
    guard rest.first == " " || rest.first == "\t" else { return nil }
    return (checked, rest.drop { $0 == " " || $0 == "\t" })
  }

  private static func skipped(_ line: Int, list: List) -> SkippedImportRow {
    switch list {
    case .target: SkippedImportRow(line: line, list: .target)
    case let .named(name): SkippedImportRow(line: line, list: .named(name))
    case .invalid: SkippedImportRow(line: line, list: .unreadable)
    }
  }
}
