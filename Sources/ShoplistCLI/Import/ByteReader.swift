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
    self.buffer = bytes
    self.end = bytes.count
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
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + end }, bytes.count - end)
      }
      if count > 0 {
        end += count
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
