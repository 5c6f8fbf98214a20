import Foundation
import ShoppingCore

// MARK: - The rows as stored

extension InMemoryTransaction {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    return tables.members.map { row in
      StoredMember(
        member: row.member, nameKey: row.nameKey, secretHashes: row.secretHashes,
        invites: tables.invites.filter { $0.memberID == row.member.id })
    }
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
