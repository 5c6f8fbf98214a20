import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - The rows as stored

extension ShoppingRepository {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    var members: [StoredMember] = []
    try connection.query(
      "SELECT \(Self.memberColumns), nameKey, inviteHash, secretHash FROM member ORDER BY rowid"
    ) { row throws(DatabaseError) in
      members.append(
        StoredMember(
          member: try storedMember(row), nameKey: NameKey(stored: row.text(5)),
          inviteHash: row.optionalText(6), secretHash: row.optionalText(7)))
    }
    return members
  }

  /// Adds a member as stored elsewhere. SQLite's table requires an invite hash: a member from
  /// an engine that kept none gets one that no invite code hashes to.
  public func insertStoredMember(_ stored: StoredMember) throws(DatabaseError) {
    try checkUsable(writing: true)
    let member = stored.member
    try connection.run(
      """
      INSERT INTO member (
        id, name, nameKey, inviteHash, invitedAt, secretHash, joinedAt, lastSeenAt
      ) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .id(member.id), .text(member.name), .key(stored.nameKey),
        .text(stored.inviteHash ?? "none:\(member.id.uuidString)"), .date(member.invitedAt),
        .text(stored.secretHash), member.joinedAt.map(SQLValue.date) ?? .null,
        member.lastSeenAt.map(SQLValue.date) ?? .null,
      ]
    )
  }

  public func insertStoredHistory(
    _ entry: HistoryEntry, change: ChangeRecord
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      """
      INSERT INTO history (id, at, command, summary, kind, target, undoneBy, by, record)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(Int64(entry.id)), .date(entry.at), .text(entry.command), .text(entry.summary),
        .text(entry.kind.rawValue), entry.target.map { .integer(Int64($0)) } ?? .null,
        entry.undoneBy.map { .integer(Int64($0)) } ?? .null, .text(entry.by),
        .bytes(ChangeRecordCodec.encode(change)),
      ]
    )
  }
}
