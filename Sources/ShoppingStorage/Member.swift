import Foundation

/// A member of the household: someone invited to the served page by name, whose phone, once
/// it opened the invite link, stays signed in until they are removed.
public struct Member: Equatable, Sendable {
  /// The member's identity, which outlives no removal: invited again, they are a new member.
  public var id: UUID
  /// The name as the one who invited them wrote it; names are unique as list names are.
  public var name: String
  /// When the newest invite was made.
  public var invitedAt: Date
  /// When a phone opened the invite link; `nil` while the invite is unused.
  public var joinedAt: Date?
  /// When the member last used the page, to the minute or so; `nil` before then.
  public var lastSeenAt: Date?

  /// Creates a member.
  public init(
    id: UUID, name: String, invitedAt: Date, joinedAt: Date? = nil, lastSeenAt: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.invitedAt = invitedAt
    self.joinedAt = joinedAt
    self.lastSeenAt = lastSeenAt
  }

  /// Whether a phone has opened the invite link.
  public var hasJoined: Bool { joinedAt != nil }
}
