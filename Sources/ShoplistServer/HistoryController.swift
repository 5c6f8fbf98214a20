import Foundation
import Hummingbird
import ShoppingCore
import ShoppingService
import ShoppingTransfer

/// History over the API, as the command line has it: `GET /api/history` is `history --json`,
/// `POST /api/history/{id}/undo` is `undo ID`, `POST /api/redo` is `redo`. An undo or a redo
/// is recorded as `web: undo 12` (a member's as `web (Ana): undo 12`), and answers with the
/// entry it took back or re-applied and the documents of the lists it changed; a refusal is
/// said in the command line's words.
struct HistoryController<Context: RequesterContext>: Sendable {
  let service: ShoppingService

  func addRoutes(to group: RouterGroup<Context>) {
    group
      .get("history", use: history)
      .post("history/:id/undo", use: undo)
      .post("redo", use: redo)
  }

  @Sendable func history(_ request: Request, context: Context) async throws -> Response {
    let limit = try Self.limit(of: request)
    return try await JSONAnswer.make {
      ListDocuments.history(try limit.map { try service.history(limit: $0) } ?? service.history())
    }
  }

  @Sendable func undo(_ request: Request, context: Context) async throws -> Response {
    let raw = context.parameters.get("id") ?? ""
    guard let id = Int(raw) else {
      throw APIError(.notFound, "no history entry \(DisplayText.quoted(raw))")
    }
    let requester = context.requester
    return try await JSONAnswer.make {
      let result = try service.undo(
        id, label: requester.labelPrefix + "undo \(id)", by: requester.memberName)
      var undone = result.undone
      undone.undoneBy = result.entry
      return try answer("undone", undone, entry: result.entry)
    }
  }

  @Sendable func redo(_ request: Request, context: Context) async throws -> Response {
    let requester = context.requester
    return try await JSONAnswer.make {
      let result = try service.redo(
        label: requester.labelPrefix + "redo", by: requester.memberName)
      // In force again: no longer taken back.
      var redone = result.redone
      redone.undoneBy = nil
      return try answer("redone", redone, entry: result.entry)
    }
  }

  /// `{"undone": {history entry}, "entry": 14, "lists": [list documents]}`: the entry taken
  /// back or re-applied, the number of the entry that did it, and every list it changed as it
  /// is now (a list it deleted has no document).
  private func answer(_ key: String, _ target: HistoryEntry, entry: Int) throws -> String {
    var documents: [String] = []
    for name in try service.listsChanged(after: entry - 1).lists {
      do {
        let document = ListDocuments.list(try service.list(named: name))
        documents.append(String(document.dropLast(document.hasSuffix("\n") ? 1 : 0)))
      } catch ShoppingError.noSuchList {
        continue
      }
    }
    return "{" + JSONText.string(key) + ": " + ListDocuments.historyEntry(target)
      + #", "entry": \#(entry), "lists": ["# + documents.joined(separator: ", ") + "]}\n"
  }

  /// `?limit=N`, a whole number from 1, if given.
  private static func limit(of request: Request) throws -> Int? {
    guard let text = try QueryParameter.value("limit", of: request) else { return nil }
    guard let limit = Int(text), limit >= 1 else {
      throw APIError.badRequest("limit takes a number from 1, not \(DisplayText.quoted(text))")
    }
    return limit
  }
}
