import Foundation
import PostgresNIO
import ShoppingCore
import ShoppingStorage

// MARK: - Members, devices and invites

extension PostgresTransaction {
  static let memberColumns = "id, name, invited_at"

  private func members(
    _ clause: String, _ value: (any PostgresDynamicTypeEncodable)? = nil
  ) throws(DatabaseError) -> [Member] {
    try checkUsable()
    var binds = PostgresBindings()
    if let value { binds.append(value) }
    var found = try session.query("SELECT \(Self.memberColumns) FROM member " + clause, binds)
      .map { row throws(DatabaseError) in try member(row) }
    guard !found.isEmpty else { return found }
    let devices = try devices(of: found.map(\.id))
    for index in found.indices {
      found[index].devices = devices.filter { $0.member == found[index].id }.map(\.device)
    }
    return found
  }

  /// A row of ``memberColumns``, without its devices.
  func member(_ row: Row) throws(DatabaseError) -> Member {
    Member(id: try row.uuid(0), name: try row.text(1), invitedAt: try row.date(2))
  }

  /// The devices of the members `ids` with their secrets' hashes, in the order they joined.
  func devices(
    of ids: [UUID]
  ) throws(DatabaseError) -> [(member: UUID, device: Device, secretHash: String)] {
    var binds = PostgresBindings()
    binds.append(ids)
    return try session.query(
      """
      SELECT member_id, id, joined_at, last_seen_at, secret_hash FROM device
      WHERE member_id = ANY($1) ORDER BY joined_at, id
      """, binds
    ).map { row throws(DatabaseError) in
      (
        try row.uuid(0),
        Device(id: try row.uuid(1), joinedAt: try row.date(2), lastSeenAt: try row.optionalDate(3)),
        try row.text(4)
      )
    }
  }

  func invites(
    _ clause: String, _ value: any PostgresDynamicTypeEncodable
  ) throws(DatabaseError) -> [StoredInvite] {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(value)
    return try session.query(
      "SELECT code_hash, member_id, created_at, expires_at, spent_at FROM invite " + clause,
      binds
    ).map { row throws(DatabaseError) in
      StoredInvite(
        codeHash: try row.text(0), memberID: try row.uuid(1), createdAt: try row.date(2),
        expiresAt: try row.date(3), spentAt: try row.optionalDate(4))
    }
  }

  public func members() throws(DatabaseError) -> [Member] {
    try members("ORDER BY invited_at, name_key")
  }

  public func member(nameKey key: NameKey) throws(DatabaseError) -> Member? {
    try members("WHERE name_key = $1", key.value).first
  }

  public func member(id: UUID) throws(DatabaseError) -> Member? {
    try members("WHERE id = $1", id).first
  }

  public func invite(codeHash: String) throws(DatabaseError) -> StoredInvite? {
    try invites("WHERE code_hash = $1", codeHash).first
  }

  public func device(
    secretHash: String
  ) throws(DatabaseError) -> (member: Member, device: Device)? {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(secretHash)
    guard
      let row = try session.query(
        "SELECT member_id, id FROM device WHERE secret_hash = $1", binds
      ).first
    else { return nil }
    let (memberID, deviceID) = (try row.uuid(0), try row.uuid(1))
    guard let member = try member(id: memberID),
      let device = member.devices.first(where: { $0.id == deviceID })
    else { return nil }
    return (member, device)
  }

  public func existingMembers(_ ids: Set<UUID>) throws(DatabaseError) -> Set<UUID> {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(Array(ids))
    return Set(
      try session.query("SELECT id FROM member WHERE id = ANY($1)", binds).map {
        row throws(DatabaseError) in try row.uuid(0)
      })
  }

  public func dataVersion() throws(DatabaseError) -> Int {
    try checkUsable()
    return Int(try session.query("SELECT value FROM version").first?.integer(0) ?? 0)
  }

  public func insertMember(_ member: Member, nameKey: NameKey) throws(DatabaseError) {
    try checkUsable(writing: true)
    try run(
      "INSERT INTO member (id, name, name_key, invited_at) VALUES ($1, $2, $3, $4)",
      member.id, member.name, nameKey.value, Timestamp.wholeSeconds(of: member.invitedAt))
  }

  public func insertInvite(_ invite: StoredInvite) throws(DatabaseError) {
    try checkUsable(writing: true)
    var binds = PostgresBindings()
    binds.append(invite.codeHash)
    binds.append(invite.memberID)
    binds.append(Timestamp.wholeSeconds(of: invite.createdAt))
    binds.append(Timestamp.wholeSeconds(of: invite.expiresAt))
    binds.append(invite.spentAt.map(Timestamp.wholeSeconds(of:)))
    try session.execute(
      """
      INSERT INTO invite (code_hash, member_id, created_at, expires_at, spent_at)
      VALUES ($1, $2, $3, $4, $5)
      """, binds)
  }

  public func withdrawInvites(of memberID: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    try run("DELETE FROM invite WHERE member_id = $1 AND spent_at IS NULL", memberID)
  }

  public func spendInvite(codeHash: String, at date: Date) throws(DatabaseError) -> UUID? {
    try checkUsable(writing: true)
    var binds = PostgresBindings()
    binds.append(Timestamp.wholeSeconds(of: date))
    binds.append(codeHash)
    return try session.query(
      """
      UPDATE invite SET spent_at = $1
      WHERE code_hash = $2 AND spent_at IS NULL AND expires_at > $1
      RETURNING member_id
      """, binds
    ).first.map { row throws(DatabaseError) in try row.uuid(0) }
  }

  public func insertDevice(
    _ device: Device, of memberID: UUID, secretHash: String
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    var binds = PostgresBindings()
    binds.append(device.id)
    binds.append(memberID)
    binds.append(secretHash)
    binds.append(Timestamp.wholeSeconds(of: device.joinedAt))
    binds.append(device.lastSeenAt.map(Timestamp.wholeSeconds(of:)))
    try session.execute(
      """
      INSERT INTO device (id, member_id, secret_hash, joined_at, last_seen_at)
      VALUES ($1, $2, $3, $4, $5)
      """, binds)
  }

  public func markSeen(device id: UUID, at date: Date) throws(DatabaseError) {
    try checkUsable(writing: true)
    try run(
      "UPDATE device SET last_seen_at = $1 WHERE id = $2", Timestamp.wholeSeconds(of: date), id)
  }

  public func deleteMember(_ id: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    try run("DELETE FROM device WHERE member_id = $1", id)
    try run("DELETE FROM invite WHERE member_id = $1", id)
    try run("DELETE FROM member WHERE id = $1", id)
  }

  public func setting(_ key: String) throws(DatabaseError) -> String? {
    try checkUsable()
    var binds = PostgresBindings()
    binds.append(key)
    return try session.query("SELECT value FROM setting WHERE key = $1", binds).first.map {
      row throws(DatabaseError) in try row.text(0)
    }
  }

  public func setSetting(_ key: String, to value: String?) throws(DatabaseError) {
    try checkUsable(writing: true)
    if let value {
      try run(
        """
        INSERT INTO setting (key, value) VALUES ($1, $2)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """, key, value)
    } else {
      try run("DELETE FROM setting WHERE key = $1", key)
    }
  }
}
