/// The character encodings an import reads, as `--encoding` names them.
///
/// Every reader works on UTF-8: an input in another encoding is turned into UTF-8 as it is
/// read, a buffer at a time, so an import in any encoding streams in constant memory.
///
/// ```swift
/// var reader = try ImportFormat.csv.reader(for: input, encoding: .windows1252)
/// ```
public enum ImportEncoding: String, CaseIterable, Sendable {
  /// UTF-8 with or without a byte-order mark, or UTF-16 when a byte-order mark says so. An
  /// input that is not valid UTF-8 is read as Windows-1252 when it decodes cleanly as that
  /// (what spreadsheet programs save in Western Europe), and the import's notes say so.
  ///
  /// A file is checked whole before it is read. Standard input from a pipe cannot be read
  /// twice: there the first bytes that are not ASCII decide.
  case auto
  /// UTF-8; a sequence that is not UTF-8 makes its row bad.
  case utf8 = "utf-8"
  /// UTF-16, little- or big-endian as its byte-order mark says; without one, as the zero
  /// bytes of its first character say (little-endian when they say nothing).
  case utf16 = "utf-16"
  /// Windows-1252: Latin-1 with printable characters (`€`, `„`, `–`, `™`) in place of the C1
  /// controls. Its five unassigned bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) are not text.
  case windows1252 = "windows-1252"
  /// ISO 8859-1: every byte is the Unicode character of its value, so any input decodes.
  case latin1 = "latin-1"

  /// The encoding a name stands for, in any case, with or without its hyphen, and under its
  /// other common names (`utf8`, `cp1252`, `iso-8859-1`); `nil` for any other name.
  public init?(name: String) {
    let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    switch key {
    case "auto": self = .auto
    case "utf8": self = .utf8
    case "utf16": self = .utf16
    case "windows1252", "cp1252", "win1252": self = .windows1252
    case "latin1", "iso88591", "l1": self = .latin1
    default: return nil
    }
  }
}
