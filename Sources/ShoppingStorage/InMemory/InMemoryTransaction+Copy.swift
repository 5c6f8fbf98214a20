import Foundation
import ShoppingCore

// MARK: - The rows as stored

extension InMemoryTransaction {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    return tables.members.map {
      StoredMember(
        member: $0.member, nameKey: $0.nameKey, inviteHash: $0.inviteHash,
        secretHash: $0.secretHash)
    }
  }

  public func insertStoredMember(_ stored: StoredMember) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard
      !tables.members.contains(where: {
        $0.member.id == stored.member.id || $0.nameKey == stored.nameKey
          || ($0.inviteHash != nil && $0.inviteHash == stored.inviteHash)
          || ($0.secretHash != nil && $0.secretHash == stored.secretHash)
      })
    else {
      throw DatabaseError(
        reason: .constraintViolation, path: location, message: "UNIQUE constraint failed: member")
    }
    tables.members.append(
      .init(
        member: stored.member, nameKey: stored.nameKey, inviteHash: stored.inviteHash,
        secretHash: stored.secretHash))
  }

  public func insertStoredHistory(
    _ entry: HistoryEntry, change: ChangeRecord
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard !tables.history.contains(where: { $0.entry.id == entry.id }) else {
      throw DatabaseError(
        reason: .constraintViolation, path: location,
        message: "UNIQUE constraint failed: history.id")
    }
    tables.history.append(.init(entry: entry, change: change))
    tables.history.sort { $0.entry.id < $1.entry.id }
    tables.lastHistoryID = max(tables.lastHistoryID, entry.id)
  }
}
