import Foundation
import ShoppingCore

/// The household's members, their devices and invites, as one transaction reads and changes
/// them. Invite codes and device secrets are held only as their hashes.
public protocol MemberStorage: AnyObject {
  /// Every member with their devices, in the order they were invited.
  func members() throws(DatabaseError) -> [Member]
  /// The member whose name has the key `key`.
  func member(nameKey key: NameKey) throws(DatabaseError) -> Member?
  /// The member with the identity `id`.
  func member(id: UUID) throws(DatabaseError) -> Member?
  /// The invite whose code has the hash `codeHash`, used or not, expired or not.
  func invite(codeHash: String) throws(DatabaseError) -> StoredInvite?
  /// The member and the device of theirs whose secret has the hash `secretHash`.
  func device(secretHash: String) throws(DatabaseError) -> (member: Member, device: Device)?
  /// Which of the members `ids` still exist.
  func existingMembers(_ ids: Set<UUID>) throws(DatabaseError) -> Set<UUID>
  /// A number that changes whenever another connection commits a change: polled to learn of
  /// other processes' writes without reading any data.
  func dataVersion() throws(DatabaseError) -> Int
  /// Adds a member, with no device yet.
  func insertMember(_ member: Member, nameKey: NameKey) throws(DatabaseError)
  /// Adds an invite link.
  func insertInvite(_ invite: StoredInvite) throws(DatabaseError)
  /// Takes back the member's invites that were not used: their links stop working.
  func withdrawInvites(of memberID: UUID) throws(DatabaseError)
  /// Uses up the invite `codeHash` at `date`, if it is unused and has not expired by then:
  /// of two devices spending one link at once, only one succeeds.
  ///
  /// - Returns: The member it was for; `nil` when it was not there to spend.
  func spendInvite(codeHash: String, at date: Date) throws(DatabaseError) -> UUID?
  /// Adds a signed-in device of the member `memberID`, keeping its secret's hash.
  func insertDevice(_ device: Device, of memberID: UUID, secretHash: String) throws(DatabaseError)
  /// Notes when a device was last seen.
  func markSeen(device id: UUID, at date: Date) throws(DatabaseError)
  /// Removes a member with every device and invite of theirs, ending their access.
  func deleteMember(_ id: UUID) throws(DatabaseError)
  /// A stored setting of the database (`nil` when unset).
  func setting(_ key: String) throws(DatabaseError) -> String?
  /// Stores a setting; `nil` removes it.
  func setSetting(_ key: String, to value: String?) throws(DatabaseError)
}
