import ShoppingCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where output goes, and whether it may be coloured.
struct Terminal: Sendable {
  var useColor: Bool
  var stdoutIsTerminal: Bool
  var stderrIsTerminal: Bool
  /// The terminal's width when standard output is a terminal: tables are fitted to it. `nil`
  /// for a pipe or a file, whose output is never shortened.
  var columns: Int?

  /// Wraps `text` in an SGR style when colour is on.
  func styled(_ text: String, _ style: Style) -> String {
    useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  enum Style: String {
    case bold = "1"
    case dim = "2"
    case dimStruck = "2;9"
    case green = "32"
    case cyan = "36"
  }
}

/// Writes to a file descriptor, all of it, without the stdio buffers (so a crash cannot leave
/// half a JSON document behind them, and stderr lines never interleave mid-line).
enum Output {
  /// Prints human text on stdout: each line with whatever a stored value or the user's
  /// input put in it escaped (see ``ShoppingCore/DisplayText``), so that no value can act on
  /// the terminal.
  static func lines(_ text: String) throws {
    try standardOutput(escapingLines(text))
  }

  /// `text` with every line escaped, its line breaks kept.
  static func escapingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { DisplayText.escaped(String($0)) }
      .joined(separator: "\n")
  }

  static func standardOutput(_ text: String) throws {
    var text = text
    try text.withUTF8 { try standardOutput(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Writes UTF-8 bytes to standard output, all of them.
  static func standardOutput(utf8 bytes: UnsafeRawBufferPointer) throws {
    guard writeAll(bytes, to: 1) else {
      throw CommandError.output("cannot write to standard output")
    }
  }

  /// Whether the file descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The width of the terminal standard output is, if it is one and says.
  static func terminalColumns() -> Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  static func standardError(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: 2) }
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}
