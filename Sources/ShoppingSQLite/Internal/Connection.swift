import CPageChecksums
import CSQLite
import ShoppingStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SQLITE_IOERR_DATA`: what the checksumming VFS answers for a damaged page.
let pageDamageError: Int32 = SQLITE_IOERR | 32 << 8

/// One SQLite connection with a cache of prepared statements.
///
/// Not thread-safe: ``ShoppingDatabase`` owns exactly one and lets one thread at a time use it.
/// Every value reaches SQL through ``SQLValue`` bindings; SQL text is always a literal of this
/// module, which is also the key of the statement cache.
final class Connection {
  let path: String
  let handle: OpaquePointer
  private var statements: [String: Statement] = [:]
  /// The statement run last, with its text.
  private var recent: (sql: String, statement: Statement)?
  /// How many statements were run: each execution of a prepared statement counts once.
  private(set) var statementsExecuted = 0
  /// How many virtual-machine steps SQLite took for the statements ``query(_:_:row:)`` ran: a
  /// measure of the rows they visited, which an index keeps small and a scan does not.
  private(set) var virtualMachineSteps = 0

  /// How a connection opens its file.
  enum Mode {
    /// For reading and writing.
    case readWrite
    /// For reading only, writing nothing to the file and creating nothing beside it when
    /// `immutable` (no other process writes it and it has no write-ahead log).
    case readOnly(immutable: Bool)
  }

  /// Opens the database at `path`.
  ///
  /// - Parameters:
  ///   - mode: For reading and writing (the default), or reading only.
  ///   - create: Whether SQLite may create a missing file. ``ShoppingDatabase`` creates the
  ///     file itself, to choose its permissions.
  ///   - comparingChecksums: Whether each page read is compared with its checksum (see
  ///     `page_checksums.h`); off only for a check that reports every problem itself.
  init(
    path: String, mode: Mode = .readWrite, create: Bool = false, comparingChecksums: Bool = true
  ) throws(DatabaseError) {
    _ = Self.processSettings
    var handle: OpaquePointer?
    // No SQLite mutex: the owner already lets one thread at a time use the connection.
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    var name = path
    var parameters: [String] = comparingChecksums ? [] : ["shoplist_verify=0"]
    switch mode {
    case .readWrite:
      flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    case let .readOnly(immutable):
      flags |= SQLITE_OPEN_READONLY
      parameters.insert(immutable ? "immutable=1" : "mode=ro", at: 0)
    }
    if !parameters.isEmpty {
      flags |= SQLITE_OPEN_URI
      name = Self.uri(path) + "?" + parameters.joined(separator: "&")
    }
    // Every file through the VFS that keeps each page's checksum.
    var code = sqlite3_open_v2(name, &handle, flags, Self.checksummingVFS)
    guard let handle else {
      throw DatabaseError(reason: .cannotOpen, path: path, message: "out of memory")
    }
    if code == SQLITE_OK {
      // SQLite's cheap corruption checks, on before anything is read: a page whose cells
      // claim more room than it has is reported as corrupt instead of being read, or written
      // back, past its bounds. (A setting of the connection: it reads and writes nothing.)
      code = sqlite3_exec(handle, "PRAGMA cell_size_check = ON", nil, nil, nil)
    }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      sqlite3_close_v2(handle)
      throw DatabaseError(resultCode: code, message: message, path: path)
    }
    self.handle = handle
    self.path = path
  }

  /// SQLite's settings for the whole process, made once, before its first connection: it
  /// keeps no count of the memory it holds (nothing here reads it, and the count costs a
  /// mutex around every allocation: a tenth of a single-item command's instructions), and it
  /// allocates the pages of its cache as it reads them, not twenty at once (a fifth of the
  /// memory a single-item command faults in). An embedding program that used SQLite first
  /// keeps its own settings.
  static let processSettings: Void = {
    _ = shoplist_sqlite3_stop_counting_memory()
    _ = shoplist_sqlite3_allocate_pages_when_needed()
  }()

  /// The name of the VFS that keeps a checksum in each page (registered on first use), or
  /// `nil` for SQLite's default should registering fail.
  static let checksummingVFS: String? = {
    shoplist_page_checksums_register() == SQLITE_OK ? SHOPLIST_PAGE_CHECKSUMS_VFS : nil
  }()

  /// `path` as an SQLite URI: `file:` and the path with the characters a URI gives meaning
  /// to percent-encoded.
  private static func uri(_ path: String) -> String {
    var text = "file:"
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"):
        text += "%" + String(byte, radix: 16, uppercase: true)
      default:
        text.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return text
  }

  /// Whether SQLite met a full disk on this connection.
  private var metFullDisk = false
  /// Whether a page this connection read was damaged.
  private var metDamage = false

  deinit {
    // Finalize before closing, or the close would leave a zombie connection behind.
    recent = nil
    statements.removeAll()
    sqlite3_close_v2(handle)
    if metFullDisk || metDamage {
      // SQLite leaves its shared-memory file behind when it cannot map it: on a full disk it
      // would hold the last space, and every later command would fail for want of it. After
      // a damaged page it leaves its log and shared memory behind too, though it wrote
      // nothing: a damaged file is left as it was found.
      DatabaseFile.removeUnusedCompanions(of: path)
    }
  }

  /// Makes SQLite wait up to `timeout` for a lock before reporting the database busy.
  func setBusyTimeout(_ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: max(0, milliseconds)))
  }

  /// Whether a transaction is open; SQLite may end one on its own after some failures.
  var isInTransaction: Bool {
    sqlite3_get_autocommit(handle) == 0
  }

  /// Whether the database lives in memory only.
  var isInMemory: Bool {
    sqlite3_db_filename(handle, "main").map { $0.pointee == 0 } ?? true
  }

  /// Copies the whole of `source`'s database into this connection's, replacing it.
  func copy(from source: Connection) throws(DatabaseError) {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw error(sqlite3_extended_errcode(handle))
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw error(code) }
  }

  /// Whether SQLite could open the file for reading only.
  var isReadOnly: Bool {
    sqlite3_db_readonly(handle, "main") == 1
  }

  /// Rows inserted, updated or deleted since the connection opened.
  var totalChanges: Int {
    Int(sqlite3_total_changes64(handle))
  }

  /// Rows changed by the last insert, update or delete.
  var changes: Int {
    Int(sqlite3_changes64(handle))
  }

  /// Runs a script of statements without results, such as a migration. The script must not
  /// contain values: it is SQL text that ships with the program.
  func executeScript(_ sql: String) throws(DatabaseError) {
    statementsExecuted += 1
    var errorMessage: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
    guard code == SQLITE_OK else {
      let message = errorMessage.map { String(cString: $0) } ?? lastMessage
      sqlite3_free(errorMessage)
      var error = self.error(sqlite3_extended_errcode(handle))
      error.message = message
      throw error
    }
  }

  /// Runs one statement that returns no rows.
  func run(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) {
    try query(sql, values) { _ throws(DatabaseError) in }
  }

  /// The rowid of the row the connection's latest successful `INSERT` added.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Runs one statement and calls `body` with each row it returns.
  func query(
    _ sql: String,
    _ values: [SQLValue] = [],
    row body: (Row) throws(DatabaseError) -> Void
  ) throws(DatabaseError) {
    let statement = try prepared(sql)
    let handle = statement.handle
    // The values' text is copied once, into one buffer that outlives the statement's run, and
    // bound where it lies, instead of SQLite copying each value into memory of its own.
    let textSize = values.reduce(0) { $0 + $1.textSize }
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, textSize)) {
      (storage) throws(DatabaseError) in
      defer {
        virtualMachineSteps += Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
        sqlite3_reset(handle)
        // Before the buffer goes: nothing may point into it afterwards.
        sqlite3_clear_bindings(handle)
      }
      var used = 0
      // An index loop, not `enumerated()`: instantiating that generic type costs a process a
      // search through every protocol conformance in the binary, ~0.5 ms at every start.
      for index in values.indices {
        let code = values[index].bind(
          to: handle, at: Int32(index + 1), storage: storage, used: &used)
        guard code == SQLITE_OK else { throw error(code) }
      }
      statementsExecuted += 1
      while true {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
          try body(Row(handle: handle))
        case SQLITE_DONE:
          return
        default:
          throw error(code)
        }
      }
    }
  }

  func error(_ code: Int32) -> DatabaseError {
    if code == pageDamageError {
      metDamage = true
      return pageDamage()
    }
    // The connection reports extended result codes, so `code` is already the precise one.
    var error = DatabaseError(resultCode: code, message: lastMessage, path: path)
    // An I/O error whose cause was no space left is a full disk, whatever SQLite was doing
    // (growing the log, or its shared-memory file) when it met it.
    let cause = sqlite3_system_errno(handle)
    if code & 0xFF == SQLITE_IOERR, cause == ENOSPC || cause == EDQUOT {
      error.reason = .diskFull
    }
    if error.reason == .diskFull { metFullDisk = true }
    return error
  }

  private var lastMessage: String {
    String(cString: sqlite3_errmsg(handle))
  }

  private func prepared(_ sql: String) throws(DatabaseError) -> Statement {
    // An import runs one statement row after row: checking the last one first compares the
    // same literal (equal storage, no reading of the text), where the cache's lookup would
    // hash the whole text every time.
    if let recent, recent.sql == sql {
      return recent.statement
    }
    if let statement = statements[sql] {
      recent = (sql, statement)
      return statement
    }
    var statementHandle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, nil
    )
    guard code == SQLITE_OK, let statementHandle else { throw error(code) }
    let statement = Statement(handle: statementHandle)
    statements[sql] = statement
    recent = (sql, statement)
    return statement
  }
}
