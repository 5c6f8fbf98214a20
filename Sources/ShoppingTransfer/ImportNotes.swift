/// What a reader found out about its input as a whole that the user should hear of with the
/// import's summary: how its text was read, which columns it did not read, and what of a
/// text file was read as headings.
///
/// ```swift
/// reader.notes.ignoredColumns  // ["price", "store"]
/// reader.notes.readAs          // .windows1252, for a file that was not UTF-8
/// ```
public struct ImportNotes: Equatable, Sendable {
  /// The encoding the input was read in when that was a guess: auto found it is not UTF-8 and
  /// read it as Windows-1252. `nil` for UTF-8, for UTF-16 with its byte-order mark, and for an
  /// encoding asked for.
  public var readAs: ImportEncoding?
  /// The CSV columns no field was read from, by their header, in the order of the header: a
  /// header that maps to no field, or to a field another column gives. A column without a
  /// header is named by its number (`column 3`), and only when a row has something in it.
  public var ignoredColumns: [String]
  /// How many headings of a text file were read as the categories of the items under them.
  public var headings: Int
  /// The title of a text file (its first line, a heading), which names no category.
  public var title: String?

  /// Notes; none by default.
  public init(
    readAs: ImportEncoding? = nil, ignoredColumns: [String] = [], headings: Int = 0,
    title: String? = nil
  ) {
    self.readAs = readAs
    self.ignoredColumns = ignoredColumns
    self.headings = headings
    self.title = title
  }
}
