import Foundation
import Hummingbird

/// Who a request comes from, as its credential says: the household's token (the address
/// `serve` printed), or a member of the household signed in through their invite. Resolved by
/// ``TokenAuthMiddleware``; it travels into the history entry of every change the request
/// makes.
enum Requester: Equatable, Sendable {
  /// No credential was checked: a request for the page or its files.
  case nobody
  /// The token, as a bearer token or in the session cookie.
  case household
  /// A member, by the secret their phone keeps in the session cookie.
  case member(id: UUID, name: String)

  /// The member's name, for a member.
  var memberName: String? {
    if case let .member(_, name) = self { name } else { nil }
  }

  /// The member's id, for a member.
  var memberID: UUID? {
    if case let .member(id, _) = self { id } else { nil }
  }

  /// What the history entry of a change starts with: `web: ` or, for a member,
  /// `web (Ana): `.
  var labelPrefix: String {
    memberName.map { "web (\($0)): " } ?? "web: "
  }
}

/// A request context that carries who the request comes from.
protocol RequesterContext: RequestContext {
  var requester: Requester { get set }
}
