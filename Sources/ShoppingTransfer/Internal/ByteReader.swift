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
/// An input in another encoding than UTF-8 is turned into UTF-8 as it is read (see
/// ``TextDecoder``), so the readers see UTF-8 whatever the input. UTF-8 is read straight into
/// the buffer.
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
  /// What turns the input into UTF-8.
  private var decoder: TextDecoder
  /// The bytes read from the descriptor before decoding, when the input is not UTF-8.
  private var undecoded: [UInt8] = []
  private var decoded: [UInt8] = []
  /// How many bytes were read from the descriptor.
  private var sourceBytesRead = 0
  /// Bytes that are not text, found ahead of what was consumed: reported once the reader has
  /// consumed everything before them.
  private var pendingFailure: ImportError?

  /// Reads from an open descriptor, which the caller closes.
  ///
  /// - Parameter decoder: What the input is; UTF-8 unless said otherwise.
  init(descriptor: Int32, source: String, decoder: TextDecoder = TextDecoder(mode: .utf8)) {
    self.source = source
    self.descriptor = descriptor
    self.buffer = [UInt8](repeating: 0, count: Self.bufferSize)
    self.end = 0
    self.reachedEnd = false
    self.line = 1
    self.decoder = decoder
  }

  /// Reads bytes already in memory; `line` is the line of their first byte.
  ///
  /// - Parameter decoder: What the bytes are; UTF-8 unless said otherwise.
  init(
    bytes: [UInt8], source: String, line: Int = 1, decoder: TextDecoder = TextDecoder(mode: .utf8)
  ) {
    self.source = source
    self.descriptor = nil
    var bytes = bytes
    var decoder = decoder
    var problem: TextDecoder.Problem?
    if !decoder.passesThrough {
      var decoded: [UInt8] = []
      problem = decoder.decode(bytes[...], atEnd: true, into: &decoded)
      bytes = decoded
    }
    var ended = false
    let count = Self.normaliseLineEnds(&bytes, from: 0, to: bytes.count, afterCR: &ended)
    self.buffer = bytes
    self.end = count
    self.reachedEnd = true
    self.line = line
    self.decoder = decoder
    if let problem {
      let badLine = line + bytes[..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      pendingFailure = ImportError(
        file: source, line: badLine, reason: .undecodable(problem.detail))
    }
  }

  /// How many bytes were consumed so far (of UTF-8, after decoding).
  var bytesRead: Int { consumedBeforeBuffer + index }

  /// How far into the input reading has come, in the input's own bytes, for progress: the
  /// bytes consumed for UTF-8, the bytes read from the input (a buffer ahead) for another
  /// encoding.
  var progress: Int { undecoded.isEmpty ? bytesRead : sourceBytesRead }

  /// The encoding the input was found to be in without a byte-order mark saying so, when it
  /// is not UTF-8: what the import's summary says it was read as.
  var guessedEncoding: ImportEncoding? { decoder.guessed }

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
      if let found = Self.offset(of: 0x0A, in: buffer, from: index, to: end) {
        index = found + 1
        line += 1
        return true
      }
      skipped += end - index
      index = end
      if skipped > limit { return false }
    }
  }

  /// Where the first `byte` of `bytes[start..<end]` is, or `nil`: `memchr`, which reads a word
  /// at a time, where a search through the array's generic slice goes byte by byte (and, in a
  /// debug build, through a generic call for each). Reading past a line too long for an import
  /// passes over up to ``ImportLimits/maximumSkip`` bytes this way.
  @inline(__always)
  static func offset(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    guard start < end else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress,
        let found = memchr(base + start, Int32(byte), end - start)
      else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
  }

  /// Copies `source` over `target[offset..<offset + source.count]`, which must exist.
  @inline(__always)
  static func copy(_ source: [UInt8], into target: inout [UInt8], at offset: Int) {
    guard !source.isEmpty else { return }
    precondition(offset >= 0 && offset + source.count <= target.count)
    source.withUnsafeBufferPointer { from in
      target.withUnsafeMutableBufferPointer { to in
        (to.baseAddress! + offset).update(from: from.baseAddress!, count: from.count)
      }
    }
  }

  /// Turns the line ends of `bytes[start..<end]` into single LFs, in place, and returns where
  /// the bytes now end. `afterCR` says whether the byte before `start` was a CR, and is set
  /// to whether the last one is.
  private static func normaliseLineEnds(
    _ bytes: inout [UInt8], from start: Int, to end: Int, afterCR: inout Bool
  ) -> Int {
    // Most inputs have no CR at all: one scan, and nothing moves.
    guard afterCR || offset(of: 0x0D, in: bytes, from: start, to: end) != nil else { return end }
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
    if let pendingFailure { throw pendingFailure }
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
    while !decoder.passesThrough {
      if try readDecoding(from: descriptor) { return true }
      if reachedEnd { return false }
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress.map { $0 + end }, bytes.count - end)
      }
      if count > 0 {
        sourceBytesRead += count
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

  /// Reads and decodes the next bytes of an input that is not (yet known to be) UTF-8, and
  /// adds them at the end of the buffer; `true` when that added any.
  private mutating func readDecoding(from descriptor: Int32) throws(ImportError) -> Bool {
    if undecoded.isEmpty { undecoded = [UInt8](repeating: 0, count: Self.bufferSize) }
    var count: Int
    repeat {
      count = undecoded.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress, bytes.count)
      }
    } while count < 0 && errno == EINTR
    if count < 0 {
      throw ImportError(
        file: source, line: line, reason: .unreadable(String(cString: strerror(errno)))
      )
    }
    sourceBytesRead += count
    reachedEnd = count == 0
    decoded.removeAll(keepingCapacity: true)
    let problem = decoder.decode(undecoded[..<count], atEnd: reachedEnd, into: &decoded)
    let start = end
    if buffer.count < end + decoded.count {
      buffer.append(contentsOf: repeatElement(0, count: end + decoded.count - buffer.count))
    }
    Self.copy(decoded, into: &buffer, at: end)
    end = Self.normaliseLineEnds(
      &buffer, from: end, to: end + decoded.count, afterCR: &endedWithCarriageReturn
    )
    if let problem {
      // The bad byte's line: the lines of what is still to be consumed come before it.
      let badLine = line + buffer[index..<end].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      pendingFailure = ImportError(
        file: source, line: badLine, reason: .undecodable(problem.detail)
      )
      reachedEnd = true
      if end == start, let pendingFailure { throw pendingFailure }
    }
    return end > start
  }
}
