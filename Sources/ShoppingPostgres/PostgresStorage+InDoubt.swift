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

  /// Asks the server, on new connections, what became of the transaction `id` (PostgreSQL's
  /// `pg_xact_status`), until it says or the busy timeout has passed: a server that was
  /// restarted answers as soon as it is back.
  ///
  /// - Parameter id: The transaction's id, as `pg_current_xact_id()` gives it.
  func outcome(ofTransaction id: String) -> Outcome {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: busyTimeout)
    while true {
      let left = deadline - clock.now
      if left > .zero, let session = try? Session.connect(to: url, timeout: left) {
        defer { session.close() }
        var binds = PostgresBindings()
        binds.append(id)
        let status = try? session.query("SELECT pg_xact_status($1::xid8)", binds).first?
          .optionalText(0)
        switch status {
        case "committed": return .committed
        case "aborted": return .notCommitted
        default: break  // still in progress (the server has not noticed the loss yet), or no answer
        }
      }
      guard clock.now < deadline else { return .unknown }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }
}
