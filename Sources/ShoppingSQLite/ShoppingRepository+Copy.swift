import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - The rows as stored

extension ShoppingRepository {
  public func storedMembers() throws(DatabaseError) -> [StoredMember] {
    try checkUsable()
    var members: [StoredMember] = []
    try connection.query(
      "SELECT \(Self.memberColumns), nameKey FROM member ORDER BY rowid"
    ) { row throws(DatabaseError) in
      members.append(
        StoredMember(
          member: try storedMember(row), nameKey: NameKey(stored: row.text(3)),
          secretHashes: [:], invites: []))
    }
    for index in members.indices {
      let id = members[index].member.id
      let devices = try devices(of: id)
      members[index].member.devices = devices.map(\.device)
      members[index].secretHashes = Dictionary(
        uniqueKeysWithValues: devices.map { ($0.device.id, $0.secretHash) })
      members[index].invites = try selectInvites(
        "WHERE memberId = ? ORDER BY rowid", [.id(id)])
    }
    return members
  }

  /// Adds a member as stored elsewhere, with their devices and invites.
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
