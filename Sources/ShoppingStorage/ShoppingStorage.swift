import ShoppingCore

/// Where shoplist keeps its lists: what every use case asks of storage, whatever the engine.
///
/// A storage hands out transactions. Each `write(_:)` is one transaction, all or nothing,
/// and a write that changed anything is recorded in the history inside that same transaction
/// (see `StorageTransaction/journal(command:kind:target:at:by:)`): whoever wrote — the
/// service, an import, a program with its own `Composable/Store` over the transaction — the
/// change can be undone, and readers watching the history (a server's live pages) see it.
///
/// ```swift
/// let storage: any ShoppingStorage = try ShoppingDatabase(path: path)  // ShoppingSQLite
/// let lists = try storage.read { try $0.listSummaries() }
/// ```
///
/// Implementations: SQLite (`ShoppingSQLite`'s `ShoppingDatabase`) and ``InMemoryStorage``;
/// one conformance suite (`Tests/ShoppingStorageTests`) runs the same checks against each.
///
/// The transaction is an associated type so that an implementation keeps its own concrete
/// transaction for its own callers, while the use cases hold `any ShoppingStorage` and see
/// `any StorageTransaction`: the service, the server and the command line stay free of
/// generics, at the price of one dynamic call per storage request, nothing beside the work
/// each request does.
public protocol ShoppingStorage: AnyObject, Sendable {
  /// The transaction this storage hands out.
  associatedtype Transaction: StorageTransaction

  /// Where the data is, as the user named it (a path or a URL): what messages name.
  var location: String { get }
  /// Whether the storage can only be read: `write(_:)` then fails with
  /// ``DatabaseError/Reason/readOnly``.
  var isReadOnly: Bool { get }
  /// What opening the storage changed that the user should hear of, once.
  var migrationNotices: [MigrationNotice] { get }

  /// Runs `body` in one write transaction: committed when `body` returns, rolled back when it
  /// throws. Before committing, what `body`'s effects changed and no history entry records yet
  /// is recorded as one (labelled with the program's name).
  ///
  /// - Parameter body: Reads and writes through the transaction, valid only during the call
  ///   and on the calling thread.
  /// - Returns: What `body` returns.
  /// - Throws: `body`'s error unchanged, or a ``DatabaseError``.
  func write<T>(_ body: (Transaction) throws -> T) throws -> T

  /// Runs `body` in a read transaction: one consistent snapshot, never waiting for writers.
  /// The transaction refuses to execute effects (``DatabaseError/Reason/misuse``).
  func read<T>(_ body: (Transaction) throws -> T) throws -> T

  /// ``write(_:)`` for async code. The default runs the transaction on a thread of its own;
  /// an engine with an async driver may answer it natively.
  func write<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T

  /// ``read(_:)`` for async code, as `write(_:)-(_)` is.
  func read<T: Sendable>(
    _ body: @escaping @Sendable (any StorageTransaction) throws -> T
  ) async throws -> T

  /// The problems a check of the whole storage finds, one line each: empty when healthy.
  func integrityProblems() throws(DatabaseError) -> [String]

  /// A number that changes whenever a write is committed — through this storage, another
  /// connection or another process — read without reading any data; nil when the storage
  /// cannot tell that cheaply, or not now. Two equal stamps mean nothing was committed between
  /// the two readings: what was read after the first still holds at the second, so a server
  /// may answer again with what it made of it.
  ///
  /// Cheap enough to ask before every read; the default is nil (never known).
  func changeStamp() -> Int?
}

extension ShoppingStorage {
  public func changeStamp() -> Int? { nil }
}
