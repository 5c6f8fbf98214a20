import Foundation
import ShoppingCore
import ShoppingStorage
import Synchronization

/// A new invite: the code to put in the link, shown this once (the database keeps only its
/// hash).
public struct Invite: Sendable {
  /// The member invited, not joined yet.
  public var member: Member
  /// The invite code: the link is `URL/join/CODE`.
  public var code: String
  /// Whether it replaced an earlier invite of the member, which no longer works.
  public var replacedEarlier: Bool
}

/// What opening an invite link came to.
public enum JoinOutcome: Sendable {
  /// The member joined: `secret` is what their phone keeps (in its cookie) from now on.
  case joined(Member, secret: String)
  /// The invite was used already, by the phone that joined with it.
  case used(Member)
  /// No invite has this code (never had, was replaced, or its member was removed).
  case unknown
}

/// How far the members of the household have changed, to learn of a removal without reading
/// the members each time: it changes whenever another connection commits to the database
/// (SQLite's `PRAGMA data_version`) and whenever this service removes a member.
public struct MembershipStamp: Equatable, Sendable {
  let dataVersion: Int
  let removals: Int
}

// MARK: - Members of the household

extension ShoppingService {
  /// Every member, in the order they were first invited.
  public func members() throws -> [Member] {
    try storage.read { try $0.members() }
  }

  /// Invites a member of the household: a new member named `name`, or, for a member who has
  /// not joined yet, a new invite in place of the old one (which stops working).
  ///
  /// - Returns: The invite, with the code for the link.
  /// - Throws: ``MemberError/alreadyMember(_:)`` for a member who joined already (remove them
  ///   first), ``ShoppingCore/ShoppingError/invalidName(_:problem:)`` for a name that breaks
  ///   the name rule.
  public func invite(named name: String) throws -> Invite {
    let name = try Naming.name(name)
    let key = Naming.key(name)
    let code = MemberCredentials.newCode()
    let inviteHash = MemberCredentials.hash(code)
    let now = environment.now()
    return try storage.write { repository in
      if var existing = try repository.member(nameKey: key) {
        guard !existing.hasJoined,
          try repository.replaceInvite(of: existing.id, inviteHash: inviteHash, at: now)
        else { throw MemberError.alreadyMember(existing.name) }
        existing.invitedAt = now
        return Invite(member: existing, code: code, replacedEarlier: true)
      }
      let member = Member(id: environment.uuid(), name: name, invitedAt: now)
      try repository.insertMember(member, nameKey: key, inviteHash: inviteHash)
      return Invite(member: member, code: code, replacedEarlier: false)
    }
  }

  /// Removes a member: their phone is signed out at its next request, and their invite, if
  /// unused, stops working. The changes they made stay in history under their name.
  ///
  /// - Returns: The member removed, and the members that remain.
  /// - Throws: ``MemberError/noSuchMember(_:nearest:)``, naming the closest member's name
  ///   when one is close.
  @discardableResult
  public func removeMember(named name: String) throws -> (removed: Member, remaining: [Member]) {
    let key = NameKey(lookingUp: name)
    let outcome = try storage.write { repository in
      guard let member = try repository.member(nameKey: key) else {
        let nearest = Suggestion.nearest(to: name, among: try repository.members().map(\.name))
        throw MemberError.noSuchMember(name, nearest: nearest)
      }
      try repository.deleteMember(member.id)
      return (member, try repository.members())
    }
    removals.add(1, ordering: .relaxed)
    return outcome
  }

  /// Opens an invite link: the first time, the member joins and gets the secret their phone
  /// keeps; afterwards the code is used.
  ///
  /// - Parameter code: The code of the link (`URL/join/CODE`).
  public func join(code: String) throws -> JoinOutcome {
    guard MemberCredentials.isCode(code) else { return .unknown }
    let inviteHash = MemberCredentials.hash(code)
    let secret = MemberCredentials.newSecret()
    let secretHash = MemberCredentials.hash(secret)
    let now = environment.now()
    return try storage.write { repository in
      if let member = try repository.join(inviteHash: inviteHash, secretHash: secretHash, at: now) {
        return .joined(member, secret: secret)
      }
      if let member = try repository.member(inviteHash: inviteHash) { return .used(member) }
      return .unknown
    }
  }

  /// The member whose phone presents `secret`, if there is one; a member seen last a minute
  /// ago or more is noted as seen now.
  ///
  /// - Parameter secret: What the phone presents (its cookie).
  public func member(presenting secret: String) throws -> Member? {
    guard MemberCredentials.isSecret(secret) else { return nil }
    let secretHash = MemberCredentials.hash(secret)
    guard var member = try storage.read({ try $0.member(secretHash: secretHash) }) else {
      return nil
    }
    let now = environment.now()
    if member.lastSeenAt.map({ now.timeIntervalSince($0) >= Self.lastSeenResolution }) ?? true {
      // Only a note: a database busy with someone else's long write does not refuse the
      // member, who is noted next time instead.
      try? storage.write { try $0.markSeen(member.id, at: now) }
      member.lastSeenAt = now
    }
    return member
  }

  /// What a device signed in with the household's token keeps in its session cookie: a value
  /// made from the token (64 hexadecimal digits of SHA-256 after an `h`), never the token
  /// itself. It stays the same across restarts with the same token, and nobody learns the
  /// token from it or guesses it: a server that refuses to check guessed tokens from an
  /// address still lets a device signed in there in.
  public static func householdSession(forToken token: String) -> String {
    "h" + SHA256.hex(of: Array("shoplist household session\u{0}\(token)".utf8))
  }

  /// Whether `text` has the shape of a member's secret: anything else is no member's, and
  /// needs no look at the database.
  public static func mayBeMemberSecret(_ text: String) -> Bool {
    MemberCredentials.isSecret(text)
  }

  /// How often, at most, a member's last visit is written down: once a minute.
  public static let lastSeenResolution: TimeInterval = 60

  /// Of the members `ids`, those there still are.
  public func existingMembers(_ ids: Set<UUID>) throws -> Set<UUID> {
    try storage.read { try $0.existingMembers(ids) }
  }

  /// Where the members stand: when it differs from an earlier stamp, a member may have been
  /// removed since (by this service or another process). Asking costs no read of the file:
  /// it is storage's change stamp where it keeps one (the one a server's kept documents go
  /// by, never waiting behind a transaction), else the data version read in a transaction.
  public func membershipStamp() throws -> MembershipStamp {
    let version = try storage.changeStamp() ?? storage.read { try $0.dataVersion() }
    return MembershipStamp(dataVersion: version, removals: removals.load(ordering: .relaxed))
  }
}
