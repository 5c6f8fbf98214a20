#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written under a temporary name in its own folder and renamed over its path only once
/// complete: readers see the old file or the new one, never a part, and a failure leaves
/// nothing behind.
///
/// ```swift
/// let file = try AtomicFile(path: "week.csv")
/// try file.write("name\nmilk\n")
/// try file.commit()
/// ```
final class AtomicFile {
  /// The path the file ends up at.
  let path: String
  private let temporaryPath: String
  private var descriptor: Int32

  /// Creates the temporary file next to `path`, with the permissions of the file it replaces,
  /// if any.
  init(path: String) throws(CommandError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !base.isEmpty else { throw .output("cannot write \(path): it is a folder") }
    temporaryPath = folder + ".\(base).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw Self.failure(path) }
    var existing = stat()
    if stat(path, &existing) == 0 {
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
  }

  /// Appends `text`.
  func write(_ text: String) throws(CommandError) {
    var text = text
    let complete = text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = writeBytes(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset
        )
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
    guard complete else {
      let error = Self.failure(path)
      discard()
      throw error
    }
  }

  /// Flushes the file to disk and renames it over ``path``.
  func commit() throws(CommandError) {
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      let error = Self.failure(path)
      descriptor = -1
      discard()
      throw error
    }
    descriptor = -1
    guard rename(temporaryPath, path) == 0 else {
      let error = Self.failure(path)
      discard()
      throw error
    }
  }

  /// Removes the temporary file; the file at ``path`` stays as it was.
  func discard() {
    if descriptor >= 0 {
      _ = close(descriptor)
      descriptor = -1
    }
    _ = unlink(temporaryPath)
  }

  private static func failure(_ path: String) -> CommandError {
    .output("cannot write \(path): \(String(cString: strerror(errno)))")
  }
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
