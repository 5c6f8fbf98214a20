import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// MARK: - The rows as stored

extension PostgresTransaction {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    return try session.query(
      """
      SELECT \(Self.memberColumns), name_key, invite_hash, secret_hash FROM member
      ORDER BY invited_at, name_key
      """
    ).map { row throws(DatabaseError) in
      StoredMember(
        member: try member(row), nameKey: NameKey(stored: try row.text(5)),
        inviteHash: try row.optionalText(6), secretHash: try row.optionalText(7))
    }
  }

  public func insertStoredMember(_ stored: StoredMember) throws(DatabaseError) {
    try checkUsable(writing: true)
    let member = stored.member
    var binds = PostgresBindings()
    binds.append(member.id)
    binds.append(member.name)
    binds.append(stored.nameKey.value)
    binds.append(stored.inviteHash)
    binds.append(member.invitedAt.wholeSeconds)
    binds.append(stored.secretHash)
    binds.append(member.joinedAt?.wholeSeconds)
    binds.append(member.lastSeenAt?.wholeSeconds)
    try session.execute(
      """
      INSERT INTO member (
        id, name, name_key, invite_hash, invited_at, secret_hash, joined_at, last_seen_at
      ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
      """, binds)
  }

  public func insertStoredHistory(
    _ entry: HistoryEntry, change: ChangeRecord
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    var binds = PostgresBindings()
    binds.append(Int64(entry.id))
    binds.append(entry.at.wholeSeconds)
    binds.append(entry.command)
    binds.append(entry.summary)
    binds.append(entry.kind.rawValue)
    binds.append(entry.target.map(Int64.init))
    binds.append(entry.undoneBy.map(Int64.init))
    binds.append(entry.by)
    binds.append(ByteBuffer(bytes: ChangeRecordCodec.encode(change)))
    try session.execute(
      """
      INSERT INTO history (id, at, command, summary, kind, target, undone_by, by, record)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      """, binds)
  }
}
