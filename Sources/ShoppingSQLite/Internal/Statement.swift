import CSQLite

/// A prepared statement, finalized when the connection's cache lets it go.
final class Statement {
  let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }
}
