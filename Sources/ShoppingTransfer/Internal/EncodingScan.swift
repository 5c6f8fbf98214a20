#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides what a regular file's text is before it is read, for `--encoding auto`: UTF-16 when
/// it starts with UTF-16's byte-order mark, UTF-8 when it starts with UTF-8's or is well-formed
/// UTF-8 throughout, else Windows-1252 when none of its bytes is one Windows-1252 leaves
/// unassigned. A file that is none of these is refused at its first bad byte.
///
/// The file is read through once more, a buffer at a time, with `pread` (its offset is left
/// where it was for the import itself): plain ASCII is checked eight bytes at a time, a small
/// fraction of what importing the rows costs. Only a file that turns out not to be UTF-8 is
/// read again, for Windows-1252, and only a refused one a third time, for its lines.
struct EncodingScan {
  private let descriptor: Int32
  private let start: off_t
  private let source: String
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  /// The decoder for the regular file open at `descriptor`, from its current offset on.
  ///
  /// - Parameter source: The file as the user named it, for messages.
  /// - Throws: ``ImportError`` when the file cannot be read, or is neither UTF-8 nor
  ///   Windows-1252 (``ImportError/Reason/undecodable(_:)`` at the first bad byte's line).
  static func decoder(forFile descriptor: Int32, source: String) throws(ImportError)
    -> TextDecoder
  {
    let start = lseek(descriptor, 0, SEEK_CUR)
    guard start >= 0 else { return TextDecoder(.auto) }
    var scan = EncodingScan(descriptor: descriptor, start: start, source: source)
    return try scan.decoder()
  }

  private init(descriptor: Int32, start: off_t, source: String) {
    self.descriptor = descriptor
    self.start = start
    self.source = source
  }

  private mutating func decoder() throws(ImportError) -> TextDecoder {
    let head = Array(try read(at: 0).prefix(3))
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      return TextDecoder(mode: .start)
    }
    // A UTF-8 byte-order mark says what the file is: a bad byte after it is a bad row.
    if head == [0xEF, 0xBB, 0xBF] { return TextDecoder(mode: .utf8) }
    guard let notUTF8 = try firstNonUTF8() else { return TextDecoder(mode: .utf8) }
    guard let notWindows1252 = try firstUnassignedInWindows1252() else {
      return TextDecoder(mode: .windows1252, guessed: .windows1252)
    }
    let lines = try lineNumbers(of: [notUTF8.offset, notWindows1252.offset])
    let detail =
      "the text is neither UTF-8 (byte \(TextDecoder.hex(notUTF8.byte)) on line \(lines[0])) "
      + "nor Windows-1252 (byte \(TextDecoder.hex(notWindows1252.byte)) on line \(lines[1])); "
      + "--encoding latin-1 reads any bytes"
    throw ImportError(file: source, line: lines.min() ?? 1, reason: .undecodable(detail))
  }

  /// The first byte that is not part of well-formed UTF-8, with its offset from the start.
  private mutating func firstNonUTF8() throws(ImportError) -> (offset: Int, byte: UInt8)? {
    var offset = 0
    while true {
      let count = try read(at: offset).count
      if count == 0 { return nil }
      let scan = buffer.withUnsafeBytes {
        UTF8Check.scan(UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
      switch scan {
      case .valid:
        offset += count
      case let .invalid(at):
        return (offset + at, buffer[at])
      case let .incomplete(from):
        // Cut by the end of the buffer: read again from the character's start. Cut by the end
        // of the file: not UTF-8.
        if count < buffer.count { return (offset + from, buffer[from]) }
        offset += from
      }
    }
  }

  /// The first byte Windows-1252 leaves unassigned, with its offset from the start.
  private mutating func firstUnassignedInWindows1252() throws(ImportError)
    -> (offset: Int, byte: UInt8)?
  {
    var offset = 0
    while true {
      let count = try read(at: offset).count
      if count == 0 { return nil }
      if let found = buffer[..<count].firstIndex(where: TextDecoder.isUnassignedInWindows1252) {
        return (offset + found, buffer[found])
      }
      offset += count
    }
  }

  /// The line each offset is on, counting line ends as ``ByteReader`` does: LF, CR-LF and a
  /// lone CR each end one.
  private mutating func lineNumbers(of offsets: [Int]) throws(ImportError) -> [Int] {
    let last = offsets.max() ?? 0
    var lines = [Int](repeating: 1, count: offsets.count)
    var line = 1
    var afterCR = false
    var offset = 0
    while offset <= last {
      let count = try read(at: offset).count
      if count == 0 { break }
      for index in 0..<count {
        for (which, wanted) in offsets.enumerated() where wanted == offset + index {
          lines[which] = line
        }
        switch buffer[index] {
        case 0x0D: line += 1
        case 0x0A where !afterCR: line += 1
        default: break
        }
        afterCR = buffer[index] == 0x0D
      }
      offset += count
    }
    return lines
  }

  /// Reads up to a buffer of the file at `offset` from the start into `buffer`; short only at
  /// the end of the file.
  private mutating func read(at offset: Int) throws(ImportError) -> ArraySlice<UInt8> {
    var filled = 0
    while filled < buffer.count {
      let count = buffer.withUnsafeMutableBytes { bytes in
        pread(
          descriptor, bytes.baseAddress.map { $0 + filled }, bytes.count - filled,
          start + off_t(offset + filled))
      }
      if count > 0 {
        filled += count
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw ImportError(
          file: source, line: 1, reason: .unreadable(String(cString: strerror(errno))))
      }
    }
    return buffer[..<filled]
  }
}
