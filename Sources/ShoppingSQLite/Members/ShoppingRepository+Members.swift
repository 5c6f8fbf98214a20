import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Members of the household

/// The rows of the `member` table. Invite codes and secrets arrive here already hashed
/// (SHA-256, as hexadecimal text): nothing stored lets anyone in.
extension ShoppingRepository {
  static let memberColumns = "id, name, invitedAt, joinedAt, lastSeenAt"

  /// Every member, in the order they were first invited.
  public func members() throws(DatabaseError) -> [Member] {
    try selectMembers("ORDER BY rowid", [])
  }

  /// The member whose name compares equal to `key`, if any.
  public func member(nameKey key: NameKey) throws(DatabaseError) -> Member? {
    try selectMembers("WHERE nameKey = ?", [.key(key)]).first
  }

  /// The member whose invite code hashes to `inviteHash`, joined or not.
  public func member(inviteHash: String) throws(DatabaseError) -> Member? {
    try selectMembers("WHERE inviteHash = ?", [.text(inviteHash)]).first
  }

  /// The member whose secret hashes to `secretHash`: the one a phone's cookie signs in.
  public func member(secretHash: String) throws(DatabaseError) -> Member? {
    try selectMembers("WHERE secretHash = ?", [.text(secretHash)]).first
  }

  /// Of `ids`, the members there still are.
  public func existingMembers(_ ids: Set<UUID>) throws(DatabaseError) -> Set<UUID> {
    try checkUsable()
    var found: Set<UUID> = []
    guard !ids.isEmpty else { return found }
    try connection.query(
      "SELECT id FROM member WHERE id IN (SELECT value FROM json_each(?))",
      [.text(jsonArray(ids.map(\.uuidString)))]
    ) { row throws(DatabaseError) in
      if let id = row.uuid(0) { found.insert(id) }
    }
    return found
  }

  /// SQLite's `PRAGMA data_version`: it changes whenever another connection commits a change
  /// to the database, and costs no read of the file.
  public func dataVersion() throws(DatabaseError) -> Int {
    try checkUsable()
    return try connection.integer("PRAGMA data_version") ?? 0
  }

  /// Adds a member who has not joined yet.
  public func insertMember(
    _ member: Member, nameKey: NameKey, inviteHash: String
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      "INSERT INTO member (id, name, nameKey, inviteHash, invitedAt) VALUES (?, ?, ?, ?, ?)",
      [
        .id(member.id), .text(member.name), .key(nameKey), .text(inviteHash),
        .date(member.invitedAt),
      ]
    )
  }

  /// Gives a member who has not joined a new invite in place of the old one, which then no
  /// longer works.
  ///
  /// - Returns: Whether the member was there, still not joined.
  public func replaceInvite(
    of id: UUID, inviteHash: String, at date: Date
  ) throws(DatabaseError) -> Bool {
    try checkUsable(writing: true)
    var replaced = false
    try connection.query(
      """
      UPDATE member SET inviteHash = ?, invitedAt = ? WHERE id = ? AND joinedAt IS NULL
      RETURNING id
      """,
      [.text(inviteHash), .date(date), .id(id)]
    ) { _ throws(DatabaseError) in replaced = true }
    return replaced
  }

  /// Signs in the member whose unused invite hashes to `inviteHash`: keeps the hash of their
  /// new secret, and the invite is used from then on. Two phones opening one link at once
  /// cannot both succeed: the second finds it used.
  ///
  /// - Returns: The member, joined; `nil` when no unused invite hashes so.
  public func join(
    inviteHash: String, secretHash: String, at date: Date
  ) throws(DatabaseError) -> Member? {
    try checkUsable(writing: true)
    var joined: [Member] = []
    try connection.query(
      """
      UPDATE member SET secretHash = ?, joinedAt = ?, lastSeenAt = ?
      WHERE inviteHash = ? AND joinedAt IS NULL
      RETURNING \(Self.memberColumns)
      """,
      [.text(secretHash), .date(date), .date(date), .text(inviteHash)]
    ) { row throws(DatabaseError) in
      joined.append(try storedMember(row))
    }
    return joined.first
  }

  /// Notes that the member used the page at `date`.
  public func markSeen(_ id: UUID, at date: Date) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run("UPDATE member SET lastSeenAt = ? WHERE id = ?", [.date(date), .id(id)])
  }

  /// Removes a member: their phone's secret and their invite stop working at once.
  public func deleteMember(_ id: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run("DELETE FROM member WHERE id = ?", [.id(id)])
  }

  private func selectMembers(
    _ clause: String, _ values: [SQLValue]
  ) throws(DatabaseError) -> [Member] {
    try checkUsable()
    var found: [Member] = []
    try connection.query(
      "SELECT \(Self.memberColumns) FROM member " + clause, values
    ) { row throws(DatabaseError) in
      found.append(try storedMember(row))
    }
    return found
  }

  /// A row of ``memberColumns``.
  func storedMember(_ row: Row) throws(DatabaseError) -> Member {
    Member(
      id: try decodeID(row, 0, "member.id"), name: row.text(1),
      invitedAt: try decodeDate(row, 2, "member.invitedAt"),
      joinedAt: row.isNull(3) ? nil : try decodeDate(row, 3, "member.joinedAt"),
      lastSeenAt: row.isNull(4) ? nil : try decodeDate(row, 4, "member.lastSeenAt")
    )
  }
}
