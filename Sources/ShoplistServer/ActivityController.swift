import Hummingbird
import ShoppingCore
import ShoppingService
import ShoppingTransfer

/// What the page needs beside the list itself:
///
/// - `GET /api/activity?list=NAME&after=N`: who added, changed or removed which items of the
///   list since history entry N (see ``ShoppingService/ShoppingService/activity(onList:after:)``),
///   so that the page can show others' changes with their names; `after` defaults to 0.
/// - `GET /api/aisles?list=NAME`: the order of the list's shop (else the default shop's), as
///   `aisles --json` prints it, for the page's "by aisle" view; without `list`, the default
///   shop's.
struct ActivityController<Context: RequesterContext>: Sendable {
  let service: ShoppingService

  func addRoutes(to group: RouterGroup<Context>) {
    group
      .get("activity", use: activity)
      .get("aisles", use: aisles)
  }

  @Sendable func activity(_ request: Request, context: Context) async throws -> Response {
    guard let list = try QueryParameter.value("list", of: request) else {
      throw APIError.badRequest("name the list: ?list=NAME")
    }
    let after = try Self.after(of: request)
    return try await JSONAnswer.make {
      let (newest, items) = try service.activity(onList: list, after: after)
      return Self.document(newest: newest, items)
    }
  }

  /// `?after=N`, a history entry's number from 0; 0 when left out.
  private static func after(of request: Request) throws -> Int {
    guard let text = try QueryParameter.value("after", of: request) else { return 0 }
    guard let number = Int(text), number >= 0 else {
      throw APIError.badRequest(
        "after takes a history entry's number, not \(DisplayText.quoted(text))")
    }
    return number
  }

  @Sendable func aisles(_ request: Request, context: Context) async throws -> Response {
    let list = try QueryParameter.value("list", of: request)
    return try await JSONAnswer.make {
      ListDocuments.aisles(try service.shop(named: nil, forList: list)?.aisles ?? .none)
    }
  }

  /// `{"newest": 58, "activity": [{"entry": 57, "command": "web (Ana): add Bread", "by":
  /// "Ana", "item": "…", "name": "Bread", "change": "added"}]}`, oldest first; `newest` is the
  /// next request's `after`.
  static func document(newest: Int, _ items: [ItemActivity]) -> String {
    let objects: [JSONValue] = items.map { item in
      [
        "entry": .integer(item.entry.id), "command": .string(item.entry.command),
        "by": .nullable(item.entry.by), "item": .string(item.itemID.canonicalText),
        "name": .string(item.name), "change": .string(item.change.rawValue),
      ]
    }
    return JSONValue.object(["newest": .integer(newest), "activity": .array(objects)]).document
  }
}
