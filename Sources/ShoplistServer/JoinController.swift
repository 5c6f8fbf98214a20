import Foundation
import HTTPTypes
import Hummingbird
import ShoppingService
import ShoppingStorage

/// `/join/{code}`: an invite link, opened on one of a member's devices.
///
/// Opening it — `GET` or `HEAD`, as a chat app's link preview, a mail scanner or a second tap
/// does — never uses it up: it answers the page that says whose list it is and whom it signs
/// in, with one button (``JoinPage/invitation(for:code:expiresAt:page:)``). Pressing the button
/// posts the page's own form back here (`POST`, same origin, no script needed); that, once,
/// within the link's 7 days, signs the device in: the session cookie holding its secret — for
/// good (400 days, as long as browsers keep a cookie), through server restarts and new
/// tokens, since it is checked against the database — and on to the page. A used or expired
/// link says so in words; a device signed in as that member already goes on to the page.
///
/// A code no invite has counts as a wrong credential, like a wrong token.
struct JoinController: Sendable {
  typealias Context = ServerRequestContext
  let service: ShoppingService
  let failures: FailedAuthentications
  /// Where the cookie is `Secure`: pages opened over HTTPS, as for the token's cookie.
  let secureHosts: PageController.SecureHosts
  /// Where the join page is served from: where its button's POST must come from.
  let origin: PageOrigin

  func addRoutes(to router: Router<Context>) {
    router.get("/join/:code", use: show)
    router.post("/join/:code", use: join)
  }

  /// The invite's page; nothing is changed.
  @Sendable func show(_ request: Request, context: Context) async throws -> Response {
    let code = context.parameters.get("code") ?? ""
    let service = self.service
    let client = failures.client(of: request, context: context)
    // A held-off client's code is not looked up at all.
    guard !failures.isBlocked(client) else { return JoinPage.heldOff() }
    switch try await StorageThreads.run({ try service.invitation(code: code) }) {
    case let .open(member, expiresAt):
      return JoinPage.invitation(for: member.name, code: code, expiresAt: expiresAt)
    case let .used(member): return try await refusal(.used(member), request, client)
    case let .expired(member): return try await refusal(.expired(member), request, client)
    case .unknown: return try await refusal(.unknown, request, client)
    }
  }

  /// The button: signs this device in, once.
  @Sendable func join(_ request: Request, context: Context) async throws -> Response {
    let code = context.parameters.get("code") ?? ""
    let service = self.service
    let client = failures.client(of: request, context: context)
    guard !failures.isBlocked(client) else { return JoinPage.heldOff() }
    // Another site's form could post here too: only the invite's own page may sign in.
    guard origin.admits(request) else { return JoinPage.notFromThePage() }
    switch try await StorageThreads.run({ try service.join(code: code) }) {
    case let .joined(_, secret):
      var response = Response.redirect(to: "/", type: .normal)
      response.setCookie(
        TokenAuthMiddleware.sessionCookie(
          secret, secure: secureHosts.contains(request.head.authority)))
      response.headers[.cacheControl] = "no-store"
      response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
      return response
    case let .used(member): return try await refusal(.used(member), request, client)
    case let .expired(member): return try await refusal(.expired(member), request, client)
    case .unknown: return try await refusal(.unknown, request, client)
    }
  }

  /// Why a link signs nothing in.
  private enum Refusal {
    case used(Member)
    case expired(Member)
    case unknown
  }

  /// The page for a link that signs nothing in: used (the device that used it goes on to the
  /// list), expired, or no invite's (counted as a wrong credential).
  private func refusal(
    _ refusal: Refusal, _ request: Request, _ client: String
  ) async throws -> Response {
    switch refusal {
    case let .used(member):
      return try await signedInAlready(as: member.id, request) ?? JoinPage.used(by: member.name)
    case let .expired(member):
      return JoinPage.expired(for: member.name)
    case .unknown:
      failures.recordFailure(from: client)
      return JoinPage.unknown()
    }
  }

  /// On to the page when the request's cookie signs in a device of the member `id` already:
  /// the device that used the link, opening it again.
  private func signedInAlready(as id: UUID, _ request: Request) async throws -> Response? {
    guard let cookie = request.cookies[TokenAuthMiddleware.cookieName]?.value,
      ShoppingService.mayBeMemberSecret(cookie)
    else { return nil }
    let service = self.service
    let member = try await StorageThreads.run {
      try service.member(presenting: cookie)
    }
    return member?.id == id ? Response.redirect(to: "/") : nil
  }
}
