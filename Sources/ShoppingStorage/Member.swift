import Foundation

/// A member of the household: someone invited to the served page by name, each of whose
/// devices (phone, tablet, laptop), once it joined through an invite link of its own, stays
/// signed in until the member is removed.
public struct Member: Equatable, Sendable {
  /// The member's identity, which outlives no removal: invited again, they are a new member.
  public var id: UUID
  /// The name as the one who invited them wrote it; names are unique as list names are.
  public var name: String
  /// When the member was first invited.
  public var invitedAt: Date
  /// The member's signed-in devices, in the order they joined.
  public var devices: [Device]

  /// Creates a member.
  public init(id: UUID, name: String, invitedAt: Date, devices: [Device] = []) {
    self.id = id
    self.name = name
    self.invitedAt = invitedAt
    self.devices = devices
  }

  /// When the member's first device joined; `nil` while none has.
  public var joinedAt: Date? { devices.map(\.joinedAt).min() }
  /// When the member last used the page on any device; `nil` before then.
  public var lastSeenAt: Date? { devices.compactMap(\.lastSeenAt).max() }
  /// Whether any device of the member has joined.
  public var hasJoined: Bool { !devices.isEmpty }
}

/// A device of a member, signed in for good by an invite link: what its cookie's secret opens.
public struct Device: Equatable, Sendable {
  /// The device's identity.
  public var id: UUID
  /// When the device joined.
  public var joinedAt: Date
  /// When the device last used the page, to the minute or so; `nil` before then.
  public var lastSeenAt: Date?

  /// Creates a device.
  public init(id: UUID, joinedAt: Date, lastSeenAt: Date? = nil) {
    self.id = id
    self.joinedAt = joinedAt
    self.lastSeenAt = lastSeenAt
  }
}

/// An invite link as stored: only its code's hash, the member it signs in, and its life — one
/// use, before it expires.
public struct StoredInvite: Equatable, Sendable {
  /// The SHA-256 hash of the link's code, in hexadecimal.
  public var codeHash: String
  /// The member whose device it signs in.
  public var memberID: UUID
  /// When it was made.
  public var createdAt: Date
  /// From when on it no longer works.
  public var expiresAt: Date
  /// When a device joined with it; `nil` while unused.
  public var spentAt: Date?

  /// Creates a stored invite.
  public init(
    codeHash: String, memberID: UUID, createdAt: Date, expiresAt: Date, spentAt: Date? = nil
  ) {
    self.codeHash = codeHash
    self.memberID = memberID
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.spentAt = spentAt
  }
}
