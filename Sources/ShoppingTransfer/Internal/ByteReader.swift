#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an input, read through one fixed buffer so that a reader sees a stream of any
/// length in constant memory, with the line of the next byte counted on the way.
///
/// Every line end reaches the reader as one line feed: CR-LF, and a lone CR (as old
/// spreadsheets write "CSV (Macintosh)"), are turned into LF as the bytes are read. No value
/// an import keeps may hold a CR, so nothing is lost by it, and each reader deals with LF only.
///
/// A value type on purpose: each import reader owns one, and the hot `next()` inlines into its
/// parsing loop without reference counting.
struct ByteReader {
  /// How much is read from the descriptor at a time.
  static let bufferSize = 64 * 1024

  /// The input as the user named it, for messages.
  let source: String
  private let descriptor: Int32?
  private var buffer: [UInt8]
  private var index = 0
  private var end: Int
  private var reachedEnd: Bool
  private var consumedBeforeBuffer = 0
  /// Whether the last byte read from the descriptor was a CR (made LF), so that an LF
  /// starting the next read belongs to it.
  private var endedWithCarriageReturn = false
  /// The line of the next byte, from 1.
  private(set) var line: Int

  /// Reads from an open descriptor, which the caller closes.
  init(descriptor: Int32, source: String) {
    self.source = source
    self.descriptor = descriptor
    self.buffer = [UInt8](repeating: 0, count: Self.bufferSize)
    self.end = 0
    self.reachedEnd = false
    self.line = 1
  }

  /// Reads bytes already in memory; `line` is the line of their first byte.
  init(bytes: [UInt8], source: String, line: Int = 1) {
    self.source = source
    self.descriptor = nil
    var bytes = bytes
    var ended = false
    let count = Self.normaliseLineEnds(&bytes, from: 0, to: bytes.count, afterCR: &ended)
    self.buffer = bytes
    self.end = count
    self.reachedEnd = true
    self.line = line
  }

  /// How many bytes were consumed so far.
  var bytesRead: Int { consumedBeforeBuffer + index }

  /// The next byte without consuming it, or `nil` at the end.
  @inline(__always)
  mutating func peek() throws(ImportError) -> UInt8? {
    if index == end, try !refill() { return nil }
    return buffer[index]
  }

  /// Consumes and returns the next byte, or `nil` at the end.
  @inline(__always)
  mutating func next() throws(ImportError) -> UInt8? {
    if index == end, try !refill() { return nil }
    let byte = buffer[index]
    index += 1
    if byte == 0x0A { line += 1 }
    return byte
  }

  /// Up to `count` of the next bytes without consuming them; fewer only at the end.
  mutating func lookahead(_ count: Int) throws(ImportError) -> ArraySlice<UInt8> {
    while end - index < count, try refill() {}
    return buffer[index..<min(end, index + count)]
  }

  /// Consumes `count` bytes that ``lookahead(_:)`` returned.
  mutating func skip(_ count: Int) throws(ImportError) {
    for _ in 0..<count { _ = try next() }
  }

  /// Consumes the rest of the current line, its line feed included, without keeping it.
  ///
  /// - Parameter limit: How many bytes to pass over at most.
  /// - Returns: `false` when no line end came within `limit` bytes (the input may never
  ///   end, as `/dev/zero` does not); the reader is then somewhere in the line.
  mutating func skipLine(limit: Int) throws(ImportError) -> Bool {
    var skipped = 0
    while true {
      if index == end, try !refill() { return true }
      if let found = buffer[index..<end].firstIndex(of: 0x0A) {
        index = found + 1
        line += 1
        return true
      }
      skipped += end - index
      index = end
      if skipped > limit { return false }
    }
  }

  /// Turns the line ends of `bytes[start..<end]` into single LFs, in place, and returns where
  /// the bytes now end. `afterCR` says whether the byte before `start` was a CR, and is set
  /// to whether the last one is.
  private static func normaliseLineEnds(
    _ bytes: inout [UInt8], from start: Int, to end: Int, afterCR: inout Bool
  ) -> Int {
    // Most inputs have no CR at all: one scan, and nothing moves.
    guard afterCR || bytes[start..<end].contains(0x0D) else { return end }
    var write = start
    for read in start..<end {
      let byte = bytes[read]
      if byte == 0x0A, afterCR {
        afterCR = false
        continue
      }
      afterCR = byte == 0x0D
      bytes[write] = afterCR ? 0x0A : byte
      write += 1
    }
    return write
  }

  /// Reads more input after the unconsumed bytes; `false` when nothing more came.
  private mutating func refill() throws(ImportError) -> Bool {
    guard !reachedEnd, let descriptor else { return false }
    if index > 0 {
      // Keep the unconsumed bytes (a lookahead's) at the front.
      let kept = end - index
      if kept > 0 {
        for offset in 0..<kept { buffer[offset] = buffer[index + offset] }
      }
      consumedBeforeBuffer += index
      index = 0
      end = kept
    }
    if end == buffer.count {
      buffer.append(contentsOf: repeatElement(0, count: Self.bufferSize))
    }
    let start = end
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + end }, bytes.count - end)
      }
      if count > 0 {
        end = Self.normaliseLineEnds(
          &buffer, from: end, to: end + count, afterCR: &endedWithCarriageReturn
        )
        // Only a line feed that completed a CR-LF came: read on.
        if end == start { continue }
        return true
      }
      if count == 0 {
        reachedEnd = true
        return false
      }
      if errno == EINTR { continue }
      throw ImportError(
        file: source, line: line, reason: .unreadable(String(cString: strerror(errno)))
      )
    }
  }
}
