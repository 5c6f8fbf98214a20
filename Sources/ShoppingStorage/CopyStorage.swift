import Foundation
import ShoppingCore

/// A member as stored: with the key their name is compared under, their devices with the
/// hashes of their secrets, and their invites.
public struct StoredMember: Equatable, Sendable {
  /// The member.
  public var member: Member
  /// The key of the member's name.
  public var nameKey: NameKey
  /// The hash of each device's secret, by the device's identity.
  public var secretHashes: [UUID: String]
  /// The member's invites, used or not.
  public var invites: [StoredInvite]

  /// Creates a stored member.
  public init(
    member: Member, nameKey: NameKey, secretHashes: [UUID: String], invites: [StoredInvite]
  ) {
    self.member = member
    self.nameKey = nameKey
    self.secretHashes = secretHashes
    self.invites = invites
  }
}

/// The rows as they are stored, read and written without the use cases' rules: what copying a
/// whole database to another engine needs beyond the effects (which put lists and items back
/// under their own sort keys, on every engine alike). Lists and items are read as the history
/// records them (``StorageTransaction/storedLists()``).
///
/// The writing methods keep what they are given, numbers and hashes included, and record
/// nothing in the history: they are for filling an empty database with another's rows.
public protocol CopyStorage: AnyObject {
  /// Every member, in the order they were invited.
  func storedMembers() throws(DatabaseError) -> [StoredMember]
  /// Adds a history entry under its own number, time and undo mark, with its record.
  func insertStoredHistory(_ entry: HistoryEntry, change: ChangeRecord) throws(DatabaseError)
}

extension StorageTransaction {
  /// Adds a member as stored elsewhere, with their devices and invites, through the member
  /// rows' own operations: the same on every engine.
  public func insertStoredMember(_ stored: StoredMember) throws(DatabaseError) {
    try insertMember(stored.member, nameKey: stored.nameKey)
    for device in stored.member.devices {
      try insertDevice(
        device, of: stored.member.id, secretHash: stored.secretHashes[device.id] ?? "")
    }
    for invite in stored.invites { try insertInvite(invite) }
  }

  /// Every list, in the order they were made, each with its sort key, its default mark and
  /// its items in list order under their sort keys: as the history records a list.
  public func storedLists() throws -> [(id: ShoppingList.ID, list: StoredList)] {
    try listSummaries().compactMap { summary in
      try storedList(summary.id, withProducts: true).map { (summary.id, $0) }
    }
  }
}
