import Foundation
import ShoppingCore
import ShoppingStorage

// MARK: - Members of the household

/// The rows of the `member`, `device` and `invite` tables. Invite codes and secrets arrive
/// here already hashed (SHA-256, as hexadecimal text): nothing stored lets anyone in.
extension ShoppingRepository {
  static let memberColumns = "id, name, invitedAt"

  /// Every member with their devices, in the order they were first invited.
  public func members() throws(DatabaseError) -> [Member] {
    try selectMembers("ORDER BY rowid", [])
  }

  /// The member whose name compares equal to `key`, if any.
  public func member(nameKey key: NameKey) throws(DatabaseError) -> Member? {
    try selectMembers("WHERE nameKey = ?", [.key(key)]).first
  }

  /// The member with the identity `id`, if any.
  public func member(id: UUID) throws(DatabaseError) -> Member? {
    try selectMembers("WHERE id = ?", [.id(id)]).first
  }

  /// The invite whose code hashes to `codeHash`, used or not.
  public func invite(codeHash: String) throws(DatabaseError) -> StoredInvite? {
    try selectInvites("WHERE codeHash = ?", [.text(codeHash)]).first
  }

  /// The device whose secret hashes to `secretHash`, with its member: what a cookie signs in.
  public func device(
    secretHash: String
  ) throws(DatabaseError) -> (member: Member, device: Device)? {
    try checkUsable()
    var found: (member: UUID, device: UUID)?
    try connection.query(
      "SELECT memberId, id FROM device WHERE secretHash = ?", [.text(secretHash)]
    ) { row throws(DatabaseError) in
      found = (try decodeID(row, 0, "device.memberId"), try decodeID(row, 1, "device.id"))
    }
    guard let found, let member = try member(id: found.member),
      let device = member.devices.first(where: { $0.id == found.device })
    else { return nil }
    return (member, device)
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

  /// Adds a member with no device yet.
  public func insertMember(_ member: Member, nameKey: NameKey) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      "INSERT INTO member (id, name, nameKey, invitedAt) VALUES (?, ?, ?, ?)",
      [.id(member.id), .text(member.name), .key(nameKey), .date(member.invitedAt)]
    )
  }

  /// Adds an invite link.
  public func insertInvite(_ invite: StoredInvite) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      """
      INSERT INTO invite (codeHash, memberId, createdAt, expiresAt, spentAt)
      VALUES (?, ?, ?, ?, ?)
      """,
      [
        .text(invite.codeHash), .id(invite.memberID), .date(invite.createdAt),
        .date(invite.expiresAt), invite.spentAt.map(SQLValue.date) ?? .null,
      ]
    )
  }

  /// Takes back the member's unused invites.
  public func withdrawInvites(of memberID: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      "DELETE FROM invite WHERE memberId = ? AND spentAt IS NULL", [.id(memberID)])
  }

  /// Uses up an unused, unexpired invite: of two devices spending one link at once, the
  /// second finds it used.
  public func spendInvite(codeHash: String, at date: Date) throws(DatabaseError) -> UUID? {
    try checkUsable(writing: true)
    var memberID: UUID?
    try connection.query(
      """
      UPDATE invite SET spentAt = ?
      WHERE codeHash = ? AND spentAt IS NULL AND expiresAt > ?
      RETURNING memberId
      """,
      [.date(date), .text(codeHash), .date(date)]
    ) { row throws(DatabaseError) in
      memberID = try decodeID(row, 0, "invite.memberId")
    }
    return memberID
  }

  /// Adds a signed-in device of a member.
  public func insertDevice(
    _ device: Device, of memberID: UUID, secretHash: String
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run(
      """
      INSERT INTO device (id, memberId, secretHash, joinedAt, lastSeenAt)
      VALUES (?, ?, ?, ?, ?)
      """,
      [
        .id(device.id), .id(memberID), .text(secretHash), .date(device.joinedAt),
        device.lastSeenAt.map(SQLValue.date) ?? .null,
      ]
    )
  }

  /// Notes that a device used the page at `date`.
  public func markSeen(device id: UUID, at date: Date) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run("UPDATE device SET lastSeenAt = ? WHERE id = ?", [.date(date), .id(id)])
  }

  /// Removes a member: every device's secret and every invite of theirs stop working at once.
  public func deleteMember(_ id: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    try connection.run("DELETE FROM device WHERE memberId = ?", [.id(id)])
    try connection.run("DELETE FROM invite WHERE memberId = ?", [.id(id)])
    try connection.run("DELETE FROM member WHERE id = ?", [.id(id)])
  }

  /// A setting of the database.
  public func setting(_ key: String) throws(DatabaseError) -> String? {
    try checkUsable()
    var value: String?
    try connection.query(
      "SELECT value FROM setting WHERE key = ?", [.text(key)]
    ) { row throws(DatabaseError) in value = row.text(0) }
    return value
  }

  /// Stores a setting, or removes it.
  public func setSetting(_ key: String, to value: String?) throws(DatabaseError) {
    try checkUsable(writing: true)
    if let value {
      try connection.run(
        """
        INSERT INTO setting (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """,
        [.text(key), .text(value)])
    } else {
      try connection.run("DELETE FROM setting WHERE key = ?", [.text(key)])
    }
  }

  /// The invites of the members `clause` picks, in the order they were made.
  func selectInvites(
    _ clause: String, _ values: [SQLValue]
  ) throws(DatabaseError) -> [StoredInvite] {
    try checkUsable()
    var found: [StoredInvite] = []
    try connection.query(
      "SELECT codeHash, memberId, createdAt, expiresAt, spentAt FROM invite " + clause, values
    ) { row throws(DatabaseError) in
      found.append(
        StoredInvite(
          codeHash: row.text(0), memberID: try decodeID(row, 1, "invite.memberId"),
          createdAt: try decodeDate(row, 2, "invite.createdAt"),
          expiresAt: try decodeDate(row, 3, "invite.expiresAt"),
          spentAt: row.isNull(4) ? nil : try decodeDate(row, 4, "invite.spentAt")))
    }
    return found
  }

  /// The devices of the member `id` with their secrets' hashes, in the order they joined.
  func devices(of id: UUID) throws(DatabaseError) -> [(device: Device, secretHash: String)] {
    var found: [(Device, String)] = []
    try connection.query(
      "SELECT id, joinedAt, lastSeenAt, secretHash FROM device WHERE memberId = ? ORDER BY rowid",
      [.id(id)]
    ) { row throws(DatabaseError) in
      found.append(
        (
          Device(
            id: try decodeID(row, 0, "device.id"),
            joinedAt: try decodeDate(row, 1, "device.joinedAt"),
            lastSeenAt: row.isNull(2) ? nil : try decodeDate(row, 2, "device.lastSeenAt")),
          row.text(3)
        ))
    }
    return found
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
    for index in found.indices {
      found[index].devices = try devices(of: found[index].id).map(\.device)
    }
    return found
  }

  /// A row of ``memberColumns``, without its devices.
  func storedMember(_ row: Row) throws(DatabaseError) -> Member {
    Member(
      id: try decodeID(row, 0, "member.id"), name: row.text(1),
      invitedAt: try decodeDate(row, 2, "member.invitedAt"))
  }
}
