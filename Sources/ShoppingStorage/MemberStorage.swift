import Foundation
import ShoppingCore

/// The household's members as one transaction reads and changes them. Secrets and invite
/// codes are held only as their hashes.
public protocol MemberStorage: AnyObject {
  /// Every member, in the order they were invited.
  func members() throws(DatabaseError) -> [Member]
  /// The member whose name has the key `key`.
  func member(nameKey key: NameKey) throws(DatabaseError) -> Member?
  /// The member whose unused invite has the hash `inviteHash`.
  func member(inviteHash: String) throws(DatabaseError) -> Member?
  /// The member whose secret has the hash `secretHash`.
  func member(secretHash: String) throws(DatabaseError) -> Member?
  /// Which of the members `ids` still exist.
  func existingMembers(_ ids: Set<UUID>) throws(DatabaseError) -> Set<UUID>
  /// A number that changes whenever another connection commits a change: polled to learn of
  /// other processes' writes without reading any data.
  func dataVersion() throws(DatabaseError) -> Int
  /// Adds a member with an invite.
  func insertMember(_ member: Member, nameKey: NameKey, inviteHash: String) throws(DatabaseError)
  /// Gives a member who has not joined yet a new invite; `false` when no such member waits.
  func replaceInvite(of id: UUID, inviteHash: String, at date: Date) throws(DatabaseError) -> Bool
  /// Uses up the invite `inviteHash`, keeping the hash of the member's new secret.
  func join(inviteHash: String, secretHash: String, at date: Date) throws(DatabaseError) -> Member?
  /// Notes when a member was last seen.
  func markSeen(_ id: UUID, at date: Date) throws(DatabaseError)
  /// Removes a member, ending their access.
  func deleteMember(_ id: UUID) throws(DatabaseError)
}
