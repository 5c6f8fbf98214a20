import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix
import ShoppingService

/// `GET /join/{code}`: an invite link, opened on a member's phone. The first time, the member
/// joins: their phone gets the session cookie holding their secret — for good (400 days, as
/// long as browsers keep a cookie), through server restarts and new tokens, since it is
/// checked against the database — and goes on to the page. Afterwards the link is used:
/// another phone is told so in words (``JoinPage``); the phone that joined goes on to the page.
///
/// A code no invite has counts as a wrong credential, like a wrong token.
struct JoinController: Sendable {
  typealias Context = ServerRequestContext
  let service: ShoppingService
  let failures: FailedAuthentications
  /// Where the cookie is `Secure`: pages opened over HTTPS, as for the token's cookie.
  let secureHosts: PageController.SecureHosts

  func addRoutes(to router: Router<Context>) {
    router.get("/join/:code", use: join)
  }

  @Sendable func join(_ request: Request, context: Context) async throws -> Response {
    let code = context.parameters.get("code") ?? ""
    let service = self.service
    let client = failures.client(of: request, context: context)
    // A held-off client's code is not looked up at all.
    guard !failures.isBlocked(client) else { return JoinPage.heldOff() }
    switch try await NIOThreadPool.storage.runIfActive({ try service.join(code: code) }) {
    case let .joined(_, secret):
      var response = Response.redirect(to: "/")
      response.setCookie(
        TokenAuthMiddleware.sessionCookie(
          secret, secure: secureHosts.contains(request.head.authority)))
      response.headers[.cacheControl] = "no-store"
      response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
      return response
    case let .used(member):
      if let cookie = request.cookies[TokenAuthMiddleware.cookieName]?.value,
        ShoppingService.mayBeMemberSecret(cookie),
        try await NIOThreadPool.storage.runIfActive({ try service.member(presenting: cookie) })?
          .id == member.id
      {
        // The phone that joined, opening its link again: it is signed in already.
        return Response.redirect(to: "/")
      }
      return JoinPage.used(by: member.name)
    case .unknown:
      failures.recordFailure(from: client)
      return JoinPage.unknown()
    }
  }
}
