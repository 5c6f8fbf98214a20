import ShoppingCore

/// Reads plain text: one item name per line.
///
/// - Blank lines and lines starting with `#` (after white space) are skipped, except
///   `# list: NAME`, which sends the lines after it to the list NAME, and names that list even
///   when no line follows.
/// - `[ ] milk` is the item `milk`, unchecked; `[x] milk` checked.
/// - A line starting with `\` loses that one character and is taken as it is: `\#1 tip` is the
///   item `#1 tip`, `\[x] box` the item `[x] box`. `export --format text` writes names this way.
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
      var line = Substring(text.trimmingCharacters(in: .whitespaces))
      if line.isEmpty { return }
      var isChecked: Bool?
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
      } else if let (checked, rest) = Self.checkbox(line) {
        isChecked = checked
        line = rest
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
      do throws(ShoppingError) {
        batch.rows.append(
          ImportRow(
            line: number, name: try Naming.name(String(line)), list: target,
            changes: isChecked.map {
              ProductChanges(
                validQuantity: nil, unit: nil, category: nil, note: nil, isChecked: $0)
            } ?? .none
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
