import Foundation
import Hummingbird
import ShoppingCore
import ShoppingService
import ShoppingTransfer

/// Shops and their aisle orders, as `shops --json`, `aisles --shop` and `shops delete`:
///
/// - `GET /api/shops`: `{"shops": [{"name", "aisles": [...], "default"}]}`.
/// - `PUT /api/shops/{shop}` `{"aisles": [...]}`: stores the shop's order, making the shop if
///   there is none of that name; the shops document after.
/// - `DELETE /api/shops/{shop}`: deletes the shop (lists naming it use the default shop); the
///   shops document after.
///
/// Writes answer with the number of the history entry that records them, for an undo.
struct ShopsController<Context: RequesterContext>: Sendable {
  let service: ShoppingService

  func addRoutes(to group: RouterGroup<Context>) {
    group
      .get(use: shops)
      .put(":shop", use: putShop)
      .delete(":shop", use: deleteShop)
  }

  @Sendable func shops(_ request: Request, context: Context) async throws -> Response {
    JSONAnswer.make(text: ListDocuments.shops(try await service.shops()), entry: nil)
  }

  @Sendable func putShop(_ request: Request, context: Context) async throws -> Response {
    let name = try shopName(context)
    let body = try await request.decode(as: ShopAislesBody.self, context: context)
    let requester = context.requester
    let (_, entry) = try await service.setAisles(
      body.aisles, shop: name,
      label: requester.labelPrefix + "aisles of \(name): " + body.aisles.joined(separator: ", "),
      by: requester.memberName)
    return JSONAnswer.make(text: ListDocuments.shops(try await service.shops()), entry: entry)
  }

  @Sendable func deleteShop(_ request: Request, context: Context) async throws -> Response {
    let name = try shopName(context)
    let requester = context.requester
    let (_, entry) = try await service.deleteShop(
      named: name, label: requester.labelPrefix + "delete shop \(name)", by: requester.memberName)
    return JSONAnswer.make(text: ListDocuments.shops(try await service.shops()), entry: entry)
  }

  private func shopName(_ context: Context) throws -> String {
    guard let raw = context.parameters.get("shop"), let name = raw.removingPercentEncoding else {
      throw APIError.badRequest("the shop's name in the path is not valid")
    }
    return name
  }
}

/// `PUT /api/shops/{shop}`: `{"aisles": ["produce", "bakery"]}`, the categories first met
/// first (`[]` forgets the order).
struct ShopAislesBody: Decodable, Equatable, Sendable {
  let aisles: [String]
}
