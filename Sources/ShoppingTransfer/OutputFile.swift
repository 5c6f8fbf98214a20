import ShoppingCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `export --output` writes, decided before anything is written.
///
/// - A regular file (or a new one) is written under a temporary name in its own folder and
///   renamed over its path only once complete: readers see the old file or the new one, never
///   a part, and a failure leaves nothing behind. A symbolic link is followed: its target is
///   replaced, the link stays. The new file keeps the old one's permission bits, less setuid
///   and setgid.
/// - Anything else — a character device such as `/dev/null`, a FIFO, a process substitution —
///   is written in place: renaming over it would replace a device node or a pipe with a file.
/// - The database (or its `-wal`, `-shm`, `-journal`, by any path), a folder, or a folder that
///   is missing or cannot be written is refused before anything is written.
///
/// ```swift
/// let file = try OutputFile(path: "week.csv", protecting: databasePath)
/// try file.write("name\nmilk\n")
/// try file.commit()
/// ```
public final class OutputFile {
  /// The path as the user gave it, for messages.
  public let path: String
  private var descriptor: Int32
  /// Where the finished file is renamed to, and the temporary file it is renamed from; `nil`
  /// when the target is written in place.
  private let replacement: (target: String, temporary: String)?

  /// The companions of a database file that SQLite writes beside it.
  public static let databaseSuffixes = ["", "-wal", "-shm", "-journal"]

  /// Decides how to write `path` and opens what is written to.
  ///
  /// - Parameters:
  ///   - path: The file the user named.
  ///   - database: The database file, which the output must never be.
  /// - Throws: ``TransferError`` (``TransferError/Kind/cannotCreateOutput``) when the output
  ///   is refused or cannot be created.
  public init(path: String, protecting database: String) throws(TransferError) {
    self.path = path
    let shown = DisplayText.quoted(path)
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists, Self.isDatabase(status, database) || Self.namesDatabase(path, database) {
      throw TransferError(.cannotCreateOutput, "cannot write \(shown): it is the database")
    }
    if exists, status.st_mode & S_IFMT == S_IFDIR {
      throw TransferError(.cannotCreateOutput, "cannot write \(shown): it is a folder")
    }
    if exists, status.st_mode & S_IFMT != S_IFREG {
      // A device, a pipe, a socket: written as it is, never replaced.
      descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw Self.cannotCreate(shown, errno) }
      replacement = nil
      return
    }
    let target = Self.resolvingLinks(path)
    if !exists, Self.namesDatabase(target, database) {
      throw TransferError(.cannotCreateOutput, "cannot write \(shown): it is the database")
    }
    let (folder, base) = Self.split(target)
    guard !base.isEmpty else {
      throw TransferError(.cannotCreateOutput, "cannot write \(shown): it is a folder")
    }
    var folderStatus = stat()
    guard stat(folder.isEmpty ? "." : folder, &folderStatus) == 0,
      folderStatus.st_mode & S_IFMT == S_IFDIR
    else {
      throw TransferError(.cannotCreateOutput, "cannot write \(shown): its folder does not exist")
    }
    Self.removeStaleTemporaryFiles(in: folder)
    let temporary = folder + ".\(base).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw Self.cannotCreate(shown, errno) }
    if exists {
      _ = fchown(descriptor, status.st_uid, status.st_gid)
      // After the owner: changing the owner clears setuid and setgid anyway, and neither may
      // survive a replacement.
      _ = fchmod(descriptor, status.st_mode & 0o1777)
    }
    replacement = (target, temporary)
  }

  /// Appends `text`.
  public func write(_ text: String) throws(TransferError) {
    var text = text
    let failure = text.withUTF8 { bytes -> Int32? in
      var offset = 0
      while offset < bytes.count {
        let written = writeBytes(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset
        )
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return written < 0 ? errno : ENOSPC }
        offset += written
      }
      return nil
    }
    if let failure {
      discard()
      throw Self.cannotWrite(path, failure)
    }
  }

  /// Finishes the file: flushes a replacement to disk and renames it over the target.
  public func commit() throws(TransferError) {
    guard let replacement else {
      _ = close(descriptor)
      descriptor = -1
      return
    }
    guard fsync(descriptor) == 0 else {
      let error = errno
      discard()
      throw Self.cannotWrite(path, error)
    }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else {
      let error = errno
      discard()
      throw Self.cannotWrite(path, error)
    }
    guard rename(replacement.temporary, replacement.target) == 0 else {
      let error = errno
      discard()
      throw Self.cannotWrite(path, error)
    }
  }

  /// Gives up: removes the temporary file; the target stays as it was.
  public func discard() {
    if descriptor >= 0 {
      _ = close(descriptor)
      descriptor = -1
    }
    if let replacement { _ = unlink(replacement.temporary) }
  }

  // MARK: - Deciding

  /// Whether the file `status` describes is the database or one of its companions.
  private static func isDatabase(_ status: stat, _ database: String) -> Bool {
    databaseSuffixes.contains { suffix in
      var other = stat()
      return stat(database + suffix, &other) == 0 && other.st_dev == status.st_dev
        && other.st_ino == status.st_ino
    }
  }

  /// Whether `path` names the database or a companion that may not exist yet, by its
  /// folder's real path and its name.
  private static func namesDatabase(_ path: String, _ database: String) -> Bool {
    guard let canonical = canonicalPath(path) else { return false }
    let (databaseFolder, databaseName) = split(database)
    guard let folder = realPath(databaseFolder.isEmpty ? "." : databaseFolder) else {
      return false
    }
    return databaseSuffixes.contains { canonical == folder + "/" + databaseName + $0 }
  }

  /// `path` with its folder's symbolic links, `.` and `..` resolved.
  private static func canonicalPath(_ path: String) -> String? {
    let (folder, base) = split(path)
    return realPath(folder.isEmpty ? "." : folder).map { $0 + "/" + base }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The file a chain of symbolic links at `path` ends at, existing or not.
  private static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self
      )
      current = target.hasPrefix("/") ? target : split(current).folder + target
    }
    return current
  }

  /// The folder (with its trailing `/`, empty for the working folder) and the name.
  private static func split(_ path: String) -> (folder: String, base: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// Removes the temporary files of exports that were killed before they finished: files
  /// named `.NAME.PID.RANDOM.tmp` whose process no longer runs.
  private static func removeStaleTemporaryFiles(in folder: String) {
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix("."), name.hasSuffix(".tmp") else { continue }
      let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count >= 4, let random = parts.last, random.allSatisfy(\.isNumber),
        let pid = Int32(parts[parts.count - 2]), pid > 0
      else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        _ = unlink(folder + name)
      }
    }
  }

  // MARK: - Errors

  private static func cannotCreate(_ shown: String, _ error: Int32) -> TransferError {
    TransferError(.cannotCreateOutput, "cannot write \(shown): \(describe(error))")
  }

  private static func cannotWrite(_ path: String, _ error: Int32) -> TransferError {
    TransferError(
      .cannotWriteOutput, "cannot write \(DisplayText.quoted(path)): \(describe(error))")
  }

  private static func describe(_ error: Int32) -> String {
    error == ENOSPC || error == EDQUOT ? "the disk is full" : String(cString: strerror(error))
  }
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
