import Foundation
import PostgresNIO
import ShoppingStorage

// MARK: - A commit whose answer was lost

extension PostgresStorage {
  /// What became of a transaction whose commit was sent as the connection was lost.
  enum Outcome: Equatable {
    /// The server committed it: the change is saved.
    case committed
    /// The server rolled it back (it never got the commit, or stopped before it): nothing of
    /// it was written.
    case notCommitted
    /// The server did not answer again within the busy timeout.
    case unknown
  }

  /// The command's words when the server could not say, within the wait, whether a commit
  /// whose answer was lost went through.
  static let inDoubt =
    "the connection to the server was lost as the change was being saved, and the server did "
    + "not answer again in time: the change may have been saved; `shoplist history` shows "
    + "whether it was"

  /// A write transaction that wrote rows: its id (`pg_current_xact_id()`), and the token it
  /// left in `commit_token` as it committed.
  struct WrittenTransaction: Equatable {
    let id: String
    let token: UUID
  }

  /// Asks the server, on new connections, what became of the transaction `written`, until it
  /// says or the busy timeout has passed: a server that was restarted answers as soon as it is
  /// back.
  ///
  /// The transaction's status (PostgreSQL's `pg_xact_status`) says whether it is still in
  /// progress; once it is not, its token says whether it committed. The status alone could
  /// say "committed" of another transaction: after a crash, an id whose transaction never
  /// reached the log is handed out again (and an id not handed out again yet is "in the
  /// future", which means the transaction is gone).
  func outcome(of written: WrittenTransaction) -> Outcome {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: busyTimeout)
    while true {
      let left = deadline - clock.now
      if left > .zero, let session = try? Session.connect(to: url, timeout: left) {
        defer { session.close() }
        if let outcome = Self.outcome(of: written, asking: session) { return outcome }
      }
      guard clock.now < deadline else { return .unknown }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// What one connection can tell of `written`, or `nil` while it is still in progress or the
  /// server does not answer.
  private static func outcome(of written: WrittenTransaction, asking session: Session) -> Outcome? {
    var id = PostgresBindings()
    id.append(written.id)
    // An id not handed out yet (since the server came back) belonged to a transaction the
    // crash took: `lost`, rather than the error `pg_xact_status` gives for it. The newest id
    // is the one this question is given (a snapshot's xmax is not: it is past the newest
    // *ended* transaction, and a commit still running may be beyond it). The status is "in
    // progress" until the transaction has ended for every reader too, so the token is asked
    // about in a statement of its own, after it.
    guard
      let status = try? session.query(
        """
        SELECT CASE WHEN $1::xid8 >= pg_current_xact_id() THEN 'lost'
          ELSE pg_xact_status($1::xid8) END
        """, id
      ).first?.optionalText(0)
    else { return nil }
    switch status {
    case "committed":
      var token = PostgresBindings()
      token.append(written.token)
      guard
        let found = try? session.query(
          "SELECT count(*)::text FROM shoplist.commit_token WHERE token = $1", token
        ).first?.optionalText(0)
      else { return nil }
      return found == "1" ? .committed : .notCommitted
    case "aborted", "lost": return .notCommitted
    default: return nil  // still in progress (the server has not noticed the loss yet)
    }
  }
}
