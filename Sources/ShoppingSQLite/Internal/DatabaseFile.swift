import Foundation
import ShoppingStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database file before SQLite sees it: created with private permissions when missing, and
/// recognised by its header, so that a file that is not a database is never handed to SQLite,
/// which could write to it.
///
/// A path that is a symbolic link names the file the link leads to, as it does for SQLite,
/// which opens that file and keeps its `-wal` and `-shm` beside it: a link whose file does not
/// exist yet has that file created.
enum DatabaseFile {
  /// What the file held before it was opened.
  enum Contents: Equatable {
    /// The file did not exist, or was empty: a database to initialise.
    case empty
    /// The file starts with SQLite's header, whose fields are these.
    case sqlite(Header)
  }

  /// The fields of SQLite's 100-byte file header that tell whose database a file is, read
  /// without SQLite. They are what the file itself says: changes still in the write-ahead
  /// log are not in them, so they decide only what can be decided early.
  struct Header: Equatable {
    /// `PRAGMA application_id` (offset 68).
    var applicationID: Int
    /// `PRAGMA user_version` (offset 60).
    var userVersion: Int
    /// Whether the file is in write-ahead-log mode (format versions at offsets 18 and 19).
    var isWriteAheadLog: Bool
    /// The bytes at the end of each page that SQLite leaves unused (offset 20): shoplist
    /// keeps each page's checksum in 8 of them (see ``Connection/makeRoomForChecksums()``).
    var reservedBytes: Int

    /// Whether the pages have room for their checksums.
    var hasChecksums: Bool { reservedBytes == Connection.checksumBytes }

    init(_ bytes: [UInt8]) {
      func integer(at offset: Int) -> Int {
        Int(Int32(bitPattern: bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }))
      }
      applicationID = integer(at: 68)
      userVersion = integer(at: 60)
      isWriteAheadLog = bytes[18] == 2 && bytes[19] == 2
      reservedBytes = Int(bytes[20])
    }
  }

  private static let header = Array("SQLite format 3\0".utf8)

  /// What tells one file from another: its device and inode.
  struct Identity: Equatable {
    let device: UInt64
    let inode: UInt64
  }

  /// The identity of the file at `path`, or `nil` if there is none.
  static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Makes sure `path` names an empty or SQLite file, creating it (with its missing folders)
  /// when it does not exist. Writes nothing to an existing file.
  ///
  /// - Throws: ``DatabaseError/Reason/cannotOpen`` when the file or a folder cannot be created
  ///   or read, ``DatabaseError/Reason/corrupt`` when the file is not an SQLite database.
  @discardableResult
  static func prepare(_ path: String) throws(DatabaseError) -> Contents {
    guard !path.isEmpty else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: "the path is empty")
    }
    var status = stat()
    if stat(path, &status) == 0 {
      return try inspectExisting(path, status: status)
    }
    let statError = errno
    guard statError == ENOENT else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: describe(statError))
    }
    // Through a link whose file is missing, the file to create is the one it leads to:
    // creating the link's own path would fail, the link being there.
    let file = target(of: path)
    try createFolder((file as NSString).deletingLastPathComponent, for: path)
    let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode_t(0o600))
    if descriptor < 0 {
      let openError = errno
      if openError == EEXIST, stat(path, &status) == 0 {
        // Another process created it first.
        return try inspectExisting(path, status: status)
      }
      throw DatabaseError(
        reason: openError == EROFS ? .readOnly : .cannotOpen, path: path,
        message: describe(openError)
      )
    }
    close(descriptor)
    return .empty
  }

  /// What the existing file at `path` holds, read without writing or creating anything.
  ///
  /// - Throws: ``DatabaseError/Reason/cannotOpen`` when there is no file or it cannot be read,
  ///   ``DatabaseError/Reason/corrupt`` when it is not an SQLite database.
  static func inspect(_ path: String) throws(DatabaseError) -> Contents {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: describe(errno))
    }
    return try inspectExisting(path, status: status)
  }

  private static func inspectExisting(
    _ path: String, status: stat
  ) throws(DatabaseError) -> Contents {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: "it is not a regular file")
    }
    if status.st_size == 0 { return .empty }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: describe(errno))
    }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 100)
    let count = bytes.withUnsafeMutableBytes { buffer in
      read(descriptor, buffer.baseAddress, buffer.count)
    }
    guard count >= 0 else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: describe(errno))
    }
    guard count == 100, Array(bytes[..<header.count]) == header else {
      throw DatabaseError(
        reason: .corrupt, path: path, message: "the file does not start with SQLite's header"
      )
    }
    return .sqlite(Header(bytes))
  }

  /// Whether this process may write the file and create files beside it (SQLite's `-wal`
  /// and `-shm`): what a writer needs, checked before SQLite opens anything.
  static func isWritable(_ path: String) -> Bool {
    let folder = (target(of: path) as NSString).deletingLastPathComponent
    return access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
  }

  /// Removes SQLite's `-shm` file, and its `-wal` file if empty, when no connection of any
  /// process has the database open: what SQLite's last connection does when it closes, and
  /// fails to do when the disk is too full to map the shared memory.
  ///
  /// Every open connection to a database in write-ahead-log mode holds a shared lock on it,
  /// so this takes SQLite's own shared-lock range for writing first, and removes nothing
  /// when any connection holds it. A log with content is kept, and so is its index.
  static func removeUnusedCompanions(of path: String) {
    let path = target(of: path)
    var status = stat()
    let walExists = stat(path + "-wal", &status) == 0
    guard !walExists || status.st_size == 0 else { return }
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    // This process holds no connection any more: closing the descriptor loses no lock.
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = sharedLockStart
    lock.l_len = sharedLockLength
    guard fcntl(descriptor, F_SETLK, &lock) == 0 else { return }
    if walExists { unlink(path + "-wal") }
    unlink(path + "-shm")
  }

  /// SQLite's shared-lock byte range of a database file: two bytes past its pending byte
  /// (2^30), 510 bytes long.
  private static let sharedLockStart: off_t = 0x4000_0002
  private static let sharedLockLength: off_t = 510

  /// Whether SQLite's write-ahead log exists beside the file.
  static func hasWriteAheadLog(_ path: String) -> Bool {
    access(target(of: path) + "-wal", F_OK) == 0
  }

  /// Holds an exclusive lock on the database's folder while a database is created, switched
  /// to write-ahead logging and migrated: processes that all find a new file wait for each
  /// other there, instead of meeting in SQLite's locking of a file whose journal mode is
  /// changing, where some fail at once as busy.
  ///
  /// The folder, not the file: closing any descriptor of the database file would drop every
  /// POSIX lock this process holds on it, SQLite's included, and another process could then
  /// take the write-ahead log for unused and delete it under this one's feet.
  final class InitialisationLock {
    private let descriptor: Int32

    /// Waits until the lock is free or `timeout` has passed.
    init(_ path: String, timeout: Duration) throws(DatabaseError) {
      let folder = (target(of: path) as NSString).deletingLastPathComponent
      descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw DatabaseError(reason: .cannotOpen, path: path, message: describe(errno))
      }
      let clock = ContinuousClock()
      let deadline = clock.now + timeout
      while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        let error = errno
        guard error == EWOULDBLOCK || error == EINTR, clock.now < deadline else {
          close(descriptor)
          if error == EWOULDBLOCK || error == EINTR {
            throw DatabaseError(reason: .busy, path: path, message: "being initialised")
          }
          throw DatabaseError(reason: .cannotOpen, path: path, message: describe(error))
        }
        usleep(2_000)
      }
    }

    deinit {
      // Closing the descriptor releases the lock.
      close(descriptor)
    }
  }

  /// The file `path` leads to: `path` itself unless it is a symbolic link; else the link's
  /// destination (relative to the link's folder), followed in turn, whether or not the file
  /// at its end exists. A loop of links is left to opening, which reports it.
  static func target(of path: String) -> String {
    var file = path
    // As many links as the system itself follows.
    for _ in 0..<40 {
      var status = stat()
      guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return file }
      var destination = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(file, &destination, destination.count - 1)
      guard length > 0 else { return file }
      let link = destination.withUnsafeBytes { String(decoding: $0.prefix(length), as: UTF8.self) }
      let folder = (file as NSString).deletingLastPathComponent
      file = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
    }
    return file
  }

  /// Creates `folder` and its missing parents, readable by their owner only.
  private static func createFolder(_ folder: String, for path: String) throws(DatabaseError) {
    guard !folder.isEmpty else { return }
    var status = stat()
    if stat(folder, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw DatabaseError(reason: .cannotOpen, path: path, message: "\(folder) is not a folder")
      }
      return
    }
    let statError = errno
    guard statError == ENOENT else {
      throw DatabaseError(
        reason: .cannotOpen, path: path, message: "\(folder): \(describe(statError))"
      )
    }
    try createFolder((folder as NSString).deletingLastPathComponent, for: path)
    guard mkdir(folder, mode_t(0o700)) == 0 || errno == EEXIST else {
      let mkdirError = errno
      throw DatabaseError(
        reason: mkdirError == EROFS ? .readOnly : .cannotOpen, path: path,
        message: "cannot create folder \(folder): \(describe(mkdirError))"
      )
    }
  }

  fileprivate static func describe(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}
