/// Why the database refused to open, read or write. Every error leaves the data as it was before
/// the transaction that met it.
///
/// ```swift
/// do {
///   let database = try ShoppingDatabase(path: path)
/// } catch {
///   switch error.category {
///   case .busy: exit(75)
///   case .newerSchema: exit(78)
///   default: exit(74)
///   }
/// }
/// ```
public struct DatabaseError: Error, Equatable, Sendable {
  /// What went wrong.
  public var reason: Reason
  /// The database file concerned.
  public var path: String
  /// SQLite's extended result code, or `nil` when the problem was found without SQLite's help
  /// (a file header, a schema version).
  public var resultCode: Int32?
  /// SQLite's message, or a description of the problem found.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - path: The database file concerned.
  ///   - resultCode: SQLite's extended result code, if SQLite reported the problem.
  ///   - message: SQLite's message, or a description of the problem.
  public init(reason: Reason, path: String, resultCode: Int32? = nil, message: String) {
    self.reason = reason
    self.path = path
    self.resultCode = resultCode
    self.message = message
  }

  /// What went wrong, in terms a caller can act on.
  public enum Reason: Equatable, Sendable {
    /// Another connection kept the database locked longer than the busy timeout.
    case busy
    /// The file or one of its folders cannot be created or opened.
    case cannotOpen
    /// A change broke a rule of the schema: a name taken, a missing list.
    case constraintViolation
    /// The file is not an SQLite database, or it is damaged.
    case corrupt
    /// A page the work needed does not hold what was written to it, and the database's own
    /// check finds the file damaged: nothing was written (the message names the page and the
    /// problems).
    case damaged
    /// The disk (or the database's size limit) is full.
    case diskFull
    /// The file was deleted or replaced by another one while this connection had it open.
    case fileReplaced
    /// The database or a repository was used against its rules (outside its transaction, from
    /// another thread, a write inside a read).
    case misuse
    /// The database was written by a newer shoplist whose schema this one does not know.
    case newerSchema(version: Int, supported: Int)
    /// The file is an SQLite database, but not one of shoplist's.
    case notShoplist
    /// The file or its folder cannot be written.
    case readOnly
    /// A row the change names is not in the database: the in-memory state is out of date.
    case rowNotFound
    /// The database server cannot be reached: refused, unknown host, timed out, or TLS
    /// required and refused.
    case unreachable
    /// The database server refused the user: a wrong password, or no permission.
    case accessDenied
    /// Any other failure the engine reports, such as an I/O error.
    case other
  }

  /// How a caller, such as a command line, groups the reasons.
  public enum Category: Equatable, Sendable {
    /// Busy past the wait: trying again later may succeed.
    case busy
    /// The change contradicts what the database holds.
    case conflict
    /// A programming error in the caller.
    case misuse
    /// The database is from a newer version of shoplist.
    case newerSchema
    /// The database cannot be used: not openable, not shoplist's, corrupt, read-only or full.
    case unavailable
    /// The database server cannot be reached.
    case unreachable
    /// The database server refused the user.
    case accessDenied
  }

  /// The group of ``reason``.
  public var category: Category {
    switch reason {
    case .busy: .busy
    case .constraintViolation, .rowNotFound: .conflict
    case .misuse: .misuse
    case .newerSchema: .newerSchema
    case .unreachable: .unreachable
    case .accessDenied: .accessDenied
    case .cannotOpen, .corrupt, .damaged, .diskFull, .fileReplaced, .notShoplist, .readOnly, .other:
      .unavailable
    }
  }
}

extension DatabaseError: CustomStringConvertible {
  public var description: String {
    let file = "\"\(path)\""
    switch reason {
    case .busy:
      return "database \(file) is busy: another program kept it locked past the wait"
    case .cannotOpen:
      return "cannot open database \(file): \(message)"
    case .constraintViolation:
      return "database \(file) refused the change: \(message)"
    case .corrupt:
      return "\(file) is not a shoplist database or is corrupt: \(message)"
    case .damaged:
      return "database \(file) is corrupt: \(message)"
    case .diskFull:
      return "cannot write database \(file): the disk is full"
    case .fileReplaced:
      return "database \(file) was deleted or replaced while in use; nothing was written"
    case .misuse:
      return "database \(file) misused: \(message)"
    case let .newerSchema(version, supported):
      return "database \(file) was written by a newer shoplist (schema version \(version); "
        + "this one knows versions up to \(supported))"
    case .notShoplist:
      return "\(file) is an SQLite database but not a shoplist database"
    case .readOnly:
      return "cannot write database \(file): it is read-only (\(message))"
    case .rowNotFound:
      return "database \(file) changed unexpectedly: \(message)"
    case .unreachable:
      return "cannot reach database \(file): \(message)"
    case .accessDenied:
      return "database \(file) refused the user: \(message)"
    case .other:
      let code = resultCode.map { " (SQLite code \($0))" } ?? ""
      return "database \(file): \(message)\(code)"
    }
  }
}
