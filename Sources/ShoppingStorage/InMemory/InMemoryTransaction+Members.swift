import Foundation
import ShoppingCore

// MARK: - Members, devices and invites

extension InMemoryTransaction {
  public func members() throws(DatabaseError) -> [Member] {
    try checkUsable()
    return tables.members.map(\.member)
  }

  public func member(nameKey key: NameKey) throws(DatabaseError) -> Member? {
    try checkUsable()
    return tables.members.first { $0.nameKey == key }?.member
  }

  public func member(id: UUID) throws(DatabaseError) -> Member? {
    try checkUsable()
    return tables.members.first { $0.member.id == id }?.member
  }

  public func invite(codeHash: String) throws(DatabaseError) -> StoredInvite? {
    try checkUsable()
    return tables.invites.first { $0.codeHash == codeHash }
  }

  public func device(
    secretHash: String
  ) throws(DatabaseError) -> (member: Member, device: Device)? {
    try checkUsable()
    for row in tables.members {
      if let (id, _) = row.secretHashes.first(where: { $0.value == secretHash }),
        let device = row.member.devices.first(where: { $0.id == id })
      {
        return (row.member, device)
      }
    }
    return nil
  }

  public func existingMembers(_ ids: Set<UUID>) throws(DatabaseError) -> Set<UUID> {
    try checkUsable()
    return ids.intersection(tables.members.map(\.member.id))
  }

  /// The number of commits so far.
  public func dataVersion() throws(DatabaseError) -> Int {
    try checkUsable()
    return tables.version
  }

  public func insertMember(_ member: Member, nameKey: NameKey) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard !tables.members.contains(where: { $0.member.id == member.id || $0.nameKey == nameKey })
    else { throw violation("member.nameKey") }
    tables.members.append(
      .init(member: Member(
        id: member.id, name: member.name, invitedAt: Timestamp.wholeSeconds(of: member.invitedAt)),
        nameKey: nameKey, secretHashes: [:]))
  }

  public func insertInvite(_ invite: StoredInvite) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard tables.members.contains(where: { $0.member.id == invite.memberID }) else {
      throw DatabaseError(
        reason: .constraintViolation, path: location, message: "FOREIGN KEY constraint failed")
    }
    guard !tables.invites.contains(where: { $0.codeHash == invite.codeHash }) else {
      throw violation("invite.codeHash")
    }
    var invite = invite
    invite.createdAt = Timestamp.wholeSeconds(of: invite.createdAt)
    invite.expiresAt = Timestamp.wholeSeconds(of: invite.expiresAt)
    invite.spentAt = invite.spentAt.map(Timestamp.wholeSeconds(of:))
    tables.invites.append(invite)
  }

  public func withdrawInvites(of memberID: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    tables.invites.removeAll { $0.memberID == memberID && $0.spentAt == nil }
  }

  public func spendInvite(codeHash: String, at date: Date) throws(DatabaseError) -> UUID? {
    try checkUsable(writing: true)
    guard
      let index = tables.invites.firstIndex(where: {
        $0.codeHash == codeHash && $0.spentAt == nil && $0.expiresAt > date
      })
    else { return nil }
    tables.invites[index].spentAt = Timestamp.wholeSeconds(of: date)
    return tables.invites[index].memberID
  }

  public func insertDevice(
    _ device: Device, of memberID: UUID, secretHash: String
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard let index = tables.members.firstIndex(where: { $0.member.id == memberID }) else {
      throw DatabaseError(
        reason: .constraintViolation, path: location, message: "FOREIGN KEY constraint failed")
    }
    guard
      !tables.members.contains(where: {
        $0.secretHashes.values.contains(secretHash) || $0.secretHashes[device.id] != nil
      })
    else { throw violation("device.secretHash") }
    var device = device
    device.joinedAt = Timestamp.wholeSeconds(of: device.joinedAt)
    device.lastSeenAt = device.lastSeenAt.map(Timestamp.wholeSeconds(of:))
    tables.members[index].member.devices.append(device)
    tables.members[index].secretHashes[device.id] = secretHash
  }

  public func markSeen(device id: UUID, at date: Date) throws(DatabaseError) {
    try checkUsable(writing: true)
    for index in tables.members.indices {
      if let device = tables.members[index].member.devices.firstIndex(where: { $0.id == id }) {
        tables.members[index].member.devices[device].lastSeenAt = Timestamp.wholeSeconds(of: date)
      }
    }
  }

  public func deleteMember(_ id: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    tables.members.removeAll { $0.member.id == id }
    tables.invites.removeAll { $0.memberID == id }
  }

  public func setting(_ key: String) throws(DatabaseError) -> String? {
    try checkUsable()
    return tables.settings[key]
  }

  public func setSetting(_ key: String, to value: String?) throws(DatabaseError) {
    try checkUsable(writing: true)
    tables.settings[key] = value
  }

  private func violation(_ what: String) -> DatabaseError {
    DatabaseError(
      reason: .constraintViolation, path: location, message: "UNIQUE constraint failed: \(what)")
  }
}
