import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// MARK: - The rows as stored

extension PostgresTransaction {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    var members = try session.query(
      "SELECT \(Self.memberColumns), name_key FROM member ORDER BY invited_at, name_key"
    ).map { row throws(DatabaseError) in
      StoredMember(
        member: try member(row), nameKey: NameKey(stored: try row.text(3)), secretHashes: [:],
        invites: [])
    }
    for index in members.indices {
      let id = members[index].member.id
      let devices = try devices(of: [id])
      members[index].member.devices = devices.map(\.device)
      members[index].secretHashes = Dictionary(
        uniqueKeysWithValues: devices.map { ($0.device.id, $0.secretHash) })
      members[index].invites = try invites("WHERE member_id = $1 ORDER BY created_at", id)
    }
    return members
  }

  public func insertStoredHistory(
    _ entry: HistoryEntry, change: ChangeRecord
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    var binds = PostgresBindings()
    binds.append(Int64(entry.id))
    binds.append(Timestamp.wholeSeconds(of: entry.at))
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
