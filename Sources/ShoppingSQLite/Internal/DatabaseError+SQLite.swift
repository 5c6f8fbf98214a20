import CSQLite
import ShoppingStorage

extension DatabaseError {
  /// Classifies a failure SQLite reported.
  init(resultCode: Int32, message: String, path: String) {
    let reason: Reason =
      switch resultCode & 0xFF {
      case SQLITE_BUSY, SQLITE_LOCKED: .busy
      case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .cannotOpen
      case SQLITE_CONSTRAINT: .constraintViolation
      case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
      case SQLITE_FULL: .diskFull
      // The shared-memory file could not grow: on Linux, for want of space.
      case _ where resultCode == sharedMemorySizeError: .diskFull
      case SQLITE_MISUSE: .misuse
      case SQLITE_READONLY: .readOnly
      default: .other
      }
    self.init(reason: reason, path: path, resultCode: resultCode, message: message)
  }
}

/// `SQLITE_IOERR_SHMSIZE`, which the C header builds with a shift Swift does not import.
private let sharedMemorySizeError: Int32 = SQLITE_IOERR | 19 << 8
