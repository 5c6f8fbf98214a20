import Foundation
import ShoppingCore
import ShoppingStorage
import Synchronization

/// A new invite: the code to put in the link, shown this once (the database keeps only its
/// hash).
public struct Invite: Sendable {
  /// The member whose device the link signs in.
  public var member: Member
  /// The invite code: the link is `URL/join/CODE`.
  public var code: String
  /// From when on the link no longer works.
  public var expiresAt: Date
  /// Whether it replaced earlier links of the member, which no longer work.
  public var replacedEarlier: Bool
}

/// What an invite link is, looked at without using it up: what its page says.
public enum InviteState: Sendable {
  /// It can still sign in a device of `member`, until `expiresAt`.
  case open(Member, expiresAt: Date)
  /// It signed in a device already.
  case used(Member)
  /// It was not used in time.
  case expired(Member)
  /// No invite has this code (never had, was replaced, or its member was removed).
  case unknown
}

/// What using an invite link came to.
public enum JoinOutcome: Sendable {
  /// A device of the member joined: `secret` is what it keeps (in its cookie) from now on.
  case joined(Member, secret: String)
  /// The invite was used already, by the device that joined with it.
  case used(Member)
  /// The invite was not used in time.
  case expired(Member)
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
  /// no device signed in yet, a new link in place of the earlier ones (which stop working).
  ///
  /// - Returns: The invite, with the code for the link.
  /// - Throws: ``MemberError/alreadyMember(_:)`` for a member who joined already (a link for
  ///   another device of theirs is ``inviteDevice(named:)``'s), an error of the name rule for
  ///   a name that breaks it.
  public func invite(named name: String) throws -> Invite {
    let name = try Naming.name(name)
    let key = Naming.key(name)
    let now = environment.now()
    return try storage.write { repository in
      if let existing = try repository.member(nameKey: key) {
        guard !existing.hasJoined else { throw MemberError.alreadyMember(existing.name) }
        try repository.withdrawInvites(of: existing.id)
        return try newInvite(for: existing, at: now, replacing: true, in: repository)
      }
      let member = Member(id: environment.uuid(), name: name, invitedAt: now)
      try repository.insertMember(member, nameKey: key)
      return try newInvite(for: member, at: now, replacing: false, in: repository)
    }
  }

  /// A new link for another device of the member named `name`; their other devices stay
  /// signed in, and their other links keep working.
  ///
  /// - Throws: ``MemberError/noSuchMember(_:nearest:)``.
  public func inviteDevice(named name: String) throws -> Invite {
    let key = NameKey(lookingUp: name)
    let now = environment.now()
    return try storage.write { repository in
      guard let member = try repository.member(nameKey: key) else {
        let nearest = Suggestion.nearest(to: name, among: try repository.members().map(\.name))
        throw MemberError.noSuchMember(name, nearest: nearest)
      }
      return try newInvite(for: member, at: now, replacing: false, in: repository)
    }
  }

  /// A new link for another device of the member `id`, as ``inviteDevice(named:)`` makes:
  /// what a member's own page asks for.
  ///
  /// - Throws: ``MemberError/removed`` when the member is no longer there.
  public func inviteDevice(ofMember id: UUID) throws -> Invite {
    let now = environment.now()
    return try storage.write { repository in
      guard let member = try repository.member(id: id) else { throw MemberError.removed }
      return try newInvite(for: member, at: now, replacing: false, in: repository)
    }
  }

  private func newInvite(
    for member: Member, at now: Date, replacing: Bool, in repository: some StorageTransaction
  ) throws -> Invite {
    let code = MemberCredentials.newCode()
    let invite = StoredInvite(
      codeHash: MemberCredentials.hash(code), memberID: member.id, createdAt: now,
      expiresAt: now.addingTimeInterval(Self.inviteLifetime))
    try repository.insertInvite(invite)
    return Invite(
      member: member, code: code, expiresAt: invite.expiresAt, replacedEarlier: replacing)
  }

  /// How long an invite link works: 7 days.
  public static let inviteLifetime: TimeInterval = 7 * 24 * 60 * 60

  /// Removes a member: every device of theirs is signed out at its next request, and their
  /// unused links stop working. The changes they made stay in history under their name.
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

  /// What the invite link with `code` is, without using it up: opening a link (a chat app's
  /// preview, a mail scanner, a second tap) must never spend it.
  ///
  /// - Parameter code: The code of the link (`URL/join/CODE`).
  public func invitation(code: String) throws -> InviteState {
    guard MemberCredentials.isCode(code) else { return .unknown }
    let codeHash = MemberCredentials.hash(code)
    let now = environment.now()
    return try storage.read { repository in
      guard let invite = try repository.invite(codeHash: codeHash),
        let member = try repository.member(id: invite.memberID)
      else { return .unknown }
      if invite.spentAt != nil { return .used(member) }
      if invite.expiresAt <= now { return .expired(member) }
      return .open(member, expiresAt: invite.expiresAt)
    }
  }

  /// Uses the invite link with `code`: the first time, before it expires, a device of the
  /// member joins and gets the secret it keeps; afterwards the code is used.
  ///
  /// - Parameter code: The code of the link (`URL/join/CODE`).
  public func join(code: String) throws -> JoinOutcome {
    guard MemberCredentials.isCode(code) else { return .unknown }
    let codeHash = MemberCredentials.hash(code)
    let secret = MemberCredentials.newSecret()
    let now = environment.now()
    let device = Device(id: environment.uuid(), joinedAt: now, lastSeenAt: now)
    return try storage.write { repository in
      if let memberID = try repository.spendInvite(codeHash: codeHash, at: now) {
        try repository.insertDevice(
          device, of: memberID, secretHash: MemberCredentials.hash(secret))
        guard let member = try repository.member(id: memberID) else { return .unknown }
        return .joined(member, secret: secret)
      }
      guard let invite = try repository.invite(codeHash: codeHash),
        let member = try repository.member(id: invite.memberID)
      else { return .unknown }
      return invite.spentAt != nil ? .used(member) : .expired(member)
    }
  }

  /// The member whose device presents `secret`, if there is one; a device seen last a minute
  /// ago or more is noted as seen now.
  ///
  /// - Parameter secret: What the device presents (its cookie).
  public func member(presenting secret: String) throws -> Member? {
    guard MemberCredentials.isSecret(secret) else { return nil }
    let secretHash = MemberCredentials.hash(secret)
    guard var (member, device) = try storage.read({ try $0.device(secretHash: secretHash) })
    else { return nil }
    let now = environment.now()
    if device.lastSeenAt.map({ now.timeIntervalSince($0) >= Self.lastSeenResolution }) ?? true {
      // Only a note: a database busy with someone else's long write does not refuse the
      // member, who is noted next time instead.
      try? storage.write { try $0.markSeen(device: device.id, at: now) }
      device.lastSeenAt = now
      if let index = member.devices.firstIndex(where: { $0.id == device.id }) {
        member.devices[index] = device
      }
    }
    return member
  }

  /// The public address the last `shoplist serve` of this database announced, if it
  /// announced one: what invite links start with when nothing else says.
  public func servedAddress() throws -> String? {
    try storage.read { try $0.setting(Self.servedAddressKey) }
  }

  /// Keeps `address` as the public address this database is served under (`nil`: none a
  /// phone can open).
  /// A server calls it as it starts listening: the write waits without holding a thread.
  public func recordServedAddress(_ address: String?) async throws {
    try await storage.write { repository in
      guard try repository.setting(Self.servedAddressKey) != address else { return }
      try repository.setSetting(Self.servedAddressKey, to: address)
    }
  }

  private static let servedAddressKey = "servedAddress"

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
