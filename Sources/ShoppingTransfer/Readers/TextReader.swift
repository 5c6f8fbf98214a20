import ShoppingCore

/// Reads plain text: one item per line, as people write lists and other apps paste them.
///
/// - Blank lines and lines starting with `#` (after white space) are skipped, except
///   `# list: NAME`, which sends the lines after it to the list NAME, and names that list even
///   when no line follows.
/// - List bullets (`- `, `* `, `• `, `1. `, `1) `) are markup, not part of the name.
/// - `[ ] milk` is the item `milk`, unchecked; `[x] milk` checked; after a bullet too, as
///   Markdown writes tasks (`- [x] milk`). Markdown emphasis is markup (`**milk**`, `_milk_`),
///   and `~~milk~~` is a checked item.
/// - A heading is no item but the category of the items under it, until the next heading: a
///   Markdown heading of two or more `#` (`## Dairy`), a line ending with `:` (`Dairy:`), or, in
///   a file whose items carry bullets or task marks, a line without one. The first non-blank
///   line, when it is a heading, is the file's title and sets no category.
/// - What remains is a quantity phrase, read by the core's one rule (``QuantityPhrase``):
///   `2 l milk` and `eggs x12` give the item its quantity and unit; so does a quantity in
///   parentheses or after a dash at the end (`Bananas (6)`, `Bagels - 1 pack`). A line that is
///   only a quantity (`2 l`) names no item and is a bad row.
/// - A line starting with `\` loses that one character and is the name as it is: no bullet,
///   box, heading or phrase is read from it (`\#1 tip` is the item `#1 tip`).
///
/// Whether a file's items carry bullets is known at its first line with one: bare lines
/// before it wait (at most ``TextStyle/maximumWaiting`` lines and bytes), and are headings if
/// one comes, items otherwise. Each `# list:` section is looked at anew.
struct TextReader: ImportReader {
  private var lines: LineRows
  /// The list the lines go to: the target list, a named one, or one whose `# list:` line was
  /// invalid (its line), whose rows are then bad too rather than sent elsewhere.
  private var list: List = .target
  private var style = TextStyle()

  enum List {
    case target
    case named(String)
    case invalid(line: Int)
  }

  init(input: ByteReader, batchSize: Int = ImportBatch.defaultSize) {
    lines = LineRows(input: input, batchSize: batchSize)
  }

  var bytesRead: Int { lines.bytesRead }

  var notes: ImportNotes {
    ImportNotes(readAs: lines.readAs, headings: style.headings, title: style.title)
  }

  mutating func nextBatch() throws(ImportError) -> ImportBatch? {
    let source = lines.source
    var list = self.list
    var style = self.style
    defer {
      self.list = list
      self.style = style
    }
    let read = try lines.nextBatch { bytes, number, batch in
      guard let text = String(importedUTF8: bytes) else {
        batch.errors.append(
          ImportError(
            file: source, line: number, reason: .invalidUTF8,
            skipped: Self.skipped(number, list: list)))
        return
      }
      let line = Substring(RawRow.trimmed(text))
      if line.isEmpty { return }
      style.firstLine = style.firstLine ?? number
      if line.first == "\\" {
        style.item(
          TextLine(text: line.dropFirst(), number: number, list: list, literal: true),
          into: &batch, source: source)
      } else if line.first == "#", let heading = TextLine.markdownHeading(line) {
        style.heading(
          TextLine(text: heading, number: number, list: list), into: &batch, source: source)
      } else if line.first == "#" {
        guard let name = Self.listName(in: line) else { return }
        style.startList(into: &batch, source: source)
        do throws(ShoppingError) {
          let valid = try Naming.name(name)
          list = .named(valid)
          batch.name(list: valid)
        } catch {
          list = .invalid(line: number)
          batch.errors.append(
            ImportError(file: source, line: number, reason: .invalidListName(error)))
        }
      } else {
        style.line(TextLine(text: line, number: number, list: list), into: &batch, source: source)
      }
    }
    if let read { return read }
    // The end: what still waits is items.
    var last = ImportBatch()
    style.settle(.bare, into: &last, source: source)
    return last.count == 0 ? nil : last
  }

  /// Adds `line` as an item under `category` to `batch`, or its error.
  static func item(
    _ line: TextLine, category: String?, into batch: inout ImportBatch, source: String
  ) {
    let target: String?
    switch line.list {
    case .target: target = nil
    case let .named(name): target = name
    case let .invalid(listLine):
      batch.errors.append(
        ImportError(
          file: source, line: line.number, reason: .listLineInvalid(line: listLine),
          skipped: SkippedImportRow(line: line.number, list: .unreadable)))
      return
    }
    let phrase = line.literal ? nil : line.phrase
    if let phrase, phrase.isOnlyQuantity {
      batch.errors.append(
        ImportError(
          file: source, line: line.number, reason: .onlyQuantity(String(line.text)),
          skipped: skipped(line.number, list: line.list)))
      return
    }
    let changes = ProductChanges(
      validQuantity: nil, unit: nil, category: category.map { .some($0) },
      note: nil, isChecked: line.isChecked)
    do throws(ShoppingError) {
      batch.rows.append(
        ImportRow(
          line: line.number, name: try Naming.name(phrase?.name ?? String(line.text)),
          list: target, changes: phrase.map(changes.amount(of:)) ?? changes))
    } catch {
      batch.errors.append(
        ImportError(
          file: source, line: line.number, reason: .invalidField(error),
          skipped: skipped(line.number, list: line.list)))
    }
  }

  /// The name in a `# list: NAME` line, or `nil` for any other comment.
  private static func listName(in line: Substring) -> String? {
    let comment = line.dropFirst().drop { $0 == " " || $0 == "\t" }
    guard comment.prefix(5).lowercased() == "list:" else { return nil }
    return String(comment.dropFirst(5))
  }

  static func skipped(_ line: Int, list: List) -> SkippedImportRow {
    switch list {
    case .target: SkippedImportRow(line: line, list: .target)
    case let .named(name): SkippedImportRow(line: line, list: .named(name))
    case .invalid: SkippedImportRow(line: line, list: .unreadable)
    }
  }
}
