import Hummingbird
import ShoppingService
import ShoppingTransfer

/// `GET /api/suggestions?q=TEXT&list=NAME`: what the page's add box offers as the user
/// types — items had before on any list, bought or not, whose names contain the text, not on
/// the list now, most often had first (see
/// ``ShoppingService/ShoppingService/suggestions(matching:notOn:limit:)``).
struct SuggestionsController<Context: RequesterContext>: Sendable {
  let service: ShoppingService

  func addRoutes(to group: RouterGroup<Context>) {
    group.get("suggestions", use: suggestions)
  }

  @Sendable func suggestions(_ request: Request, context: Context) async throws -> Response {
    let text = try QueryParameter.value("q", of: request) ?? ""
    guard let list = try QueryParameter.value("list", of: request) else {
      throw APIError.badRequest("name the list being added to: ?list=NAME")
    }
    return try await JSONAnswer.make {
      ListDocuments.suggestions(try service.suggestions(matching: text, notOn: list))
    }
  }
}
