import ShoppingCore

/// What a text file's items look like, and the headings read so far: whether its items carry
/// bullets or boxes decides whether a bare line is a heading or an item (a bare line that
/// gives a quantity is an item either way).
///
/// Until the first line with a bullet or a box, bare lines wait here, in order with the
/// headings met meanwhile; that line makes them headings, and a file with none, or with more
/// waiting than ``maximumWaiting`` allows, makes them items. The memory used stays bounded
/// whatever the file.
struct TextStyle {
  /// At most this many lines, and bytes of them, wait for the style to be known.
  static let maximumWaiting = (lines: 100, bytes: 65_536)

  enum Kind {
    case undecided
    /// The items carry bullets or boxes: a bare line is a heading.
    case bulleted
    /// They do not: a bare line is an item.
    case bare
  }

  private var kind = Kind.undecided
  /// The category of the items read now: the last heading's.
  var category: String?
  /// The first non-blank line: a heading there is the file's title.
  var firstLine: Int?
  /// How many headings were read as categories.
  private(set) var headings = 0
  /// The file's title, when its first line was a heading.
  private(set) var title: String?

  private enum Waiting {
    case bare(TextLine)
    case heading(TextLine)
    case item(TextLine)
  }

  private var waiting: [Waiting] = []
  private var waitingBytes = 0

  /// Reads a line that is neither blank, a comment, a Markdown heading nor an escape.
  mutating func line(_ raw: TextLine, into batch: inout ImportBatch, source: String) {
    let line = TextLine.reading(raw.text, number: raw.number, list: raw.list)
    if let heading = line.colonHeading, Self.category(heading) != nil {
      self.heading(
        TextLine(text: heading, number: line.number, list: line.list), into: &batch,
        source: source)
    } else if line.isMarked {
      settle(.bulleted, into: &batch, source: source)
      TextReader.item(line, category: category, into: &batch, source: source)
    } else {
      switch kind {
      case .bulleted:
        if !apply(bare: line) {
          TextReader.item(line, category: category, into: &batch, source: source)
        }
      case .bare:
        TextReader.item(line, category: category, into: &batch, source: source)
      case .undecided:
        wait(.bare(line), bytes: line.text.utf8.count, into: &batch, source: source)
      }
    }
  }

  /// Reads a line that is an item whatever the style (an escaped one), after what waits.
  mutating func item(_ line: TextLine, into batch: inout ImportBatch, source: String) {
    if waiting.isEmpty {
      TextReader.item(line, category: category, into: &batch, source: source)
    } else {
      wait(.item(line), bytes: line.text.utf8.count, into: &batch, source: source)
    }
  }

  /// Reads a heading by its form (`## Dairy`, `Dairy:`), after what waits.
  mutating func heading(_ line: TextLine, into batch: inout ImportBatch, source: String) {
    if waiting.isEmpty {
      _ = apply(heading: line)
    } else {
      wait(.heading(line), bytes: line.text.utf8.count, into: &batch, source: source)
    }
  }

  /// Starts the lines of another list (`# list: NAME`), which may be written otherwise: what
  /// waited is read as items of the list before, and the style and category are found anew.
  mutating func startList(into batch: inout ImportBatch, source: String) {
    settle(.bare, into: &batch, source: source)
    kind = .undecided
    category = nil
  }

  /// Decides the style as `kind`, if it is not known yet, and reads what waited by it.
  mutating func settle(_ kind: Kind, into batch: inout ImportBatch, source: String) {
    guard self.kind == .undecided else { return }
    let waited = waiting
    waiting = []
    waitingBytes = 0
    self.kind = kind
    for entry in waited {
      switch entry {
      case let .heading(line):
        _ = apply(heading: line)
      case let .bare(line) where kind == .bulleted:
        if !apply(bare: line) {
          TextReader.item(line, category: category, into: &batch, source: source)
        }
      case let .bare(line), let .item(line):
        TextReader.item(line, category: category, into: &batch, source: source)
      }
    }
  }

  private mutating func wait(
    _ entry: Waiting, bytes: Int, into batch: inout ImportBatch, source: String
  ) {
    waiting.append(entry)
    waitingBytes += bytes
    if waiting.count > Self.maximumWaiting.lines || waitingBytes > Self.maximumWaiting.bytes {
      settle(.bare, into: &batch, source: source)
    }
  }

  /// Makes a bare line of a bulleted file a heading, unless it gives a quantity or is struck
  /// through (`2 l milk` or `~~milk~~` among bullets is an item written without one); `false`
  /// when it is an item.
  private mutating func apply(bare line: TextLine) -> Bool {
    line.isChecked == nil && line.phrase.quantity == nil && apply(heading: line)
  }

  /// Makes `line` the title or the category of what follows; `false` when its text cannot be
  /// a category (it is then an item).
  private mutating func apply(heading line: TextLine) -> Bool {
    guard let valid = Self.category(line.text) else { return false }
    if line.number == firstLine {
      title = valid
    } else {
      category = valid
      headings += 1
    }
    return true
  }

  /// `text` as a category, if it can be one.
  private static func category(_ text: Substring) -> String? {
    guard let valid = try? Naming.text(String(text), field: "category") else { return nil }
    return valid
  }
}
