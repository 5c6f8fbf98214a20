import Foundation
import ShoppingCore

// MARK: - History

extension InMemoryTransaction {
  @discardableResult
  public func appendHistory(
    command: String, summary: String, kind: HistoryEntry.Kind, target: Int?, at date: Date,
    by member: String?, change: ChangeRecord
  ) throws(DatabaseError) -> Int {
    try checkUsable(writing: true)
    tables.lastHistoryID += 1
    let id = tables.lastHistoryID
    tables.history.append(
      .init(
        entry: HistoryEntry(
          id: id, at: date, command: command, summary: summary, kind: kind, target: target,
          by: member),
        change: change))
    tables.history.removeAll { $0.entry.id <= id - HistoryEntry.kept }
    return id
  }

  public func history(limit: Int) throws(DatabaseError) -> [HistoryEntry] {
    try checkUsable()
    return Array(tables.history.reversed().prefix(max(0, limit)).map(\.entry))
  }

  public func historyEntry(_ id: Int) throws(DatabaseError) -> HistoryEntry? {
    try checkUsable()
    return tables.history.first { $0.entry.id == id }?.entry
  }

  public func historyLinks() throws(DatabaseError) -> HistoryLinks {
    try checkUsable()
    return HistoryLinks(tables.history.map(\.entry))
  }

  public func historyRecords(
    _ ids: [Int]
  ) throws(DatabaseError) -> [(entry: HistoryEntry, change: ChangeRecord)] {
    try checkUsable()
    let wanted = Set(ids)
    return tables.history.filter { wanted.contains($0.entry.id) }.map { ($0.entry, $0.change) }
  }

  public func historyRecord(_ id: Int) throws(DatabaseError) -> ChangeRecord? {
    try checkUsable()
    return tables.history.first { $0.entry.id == id }?.change
  }

  public func storeUndoneMarks(_ links: HistoryLinks) throws(DatabaseError) {
    try checkUsable(writing: true)
    for index in tables.history.indices {
      tables.history[index].entry.undoneBy = links.undoneBy[tables.history[index].entry.id]
    }
  }

  public func newestHistoryID() throws(DatabaseError) -> Int {
    try checkUsable()
    return tables.history.last?.entry.id ?? 0
  }

  /// Measures a record by the rows it holds (about what the SQLite storage's encoding of it
  /// takes), as the budget is given in bytes.
  public func recentChangeRecords(
    byteBudget: Int, largest: Int
  ) throws(DatabaseError) -> [ChangeRecord] {
    try checkUsable()
    var found: [ChangeRecord] = []
    var total = 0
    for row in tables.history.reversed()
    where row.entry.kind == .change && row.entry.undoneBy == nil {
      let size = Self.size(of: row.change)
      guard size <= largest, total + size <= byteBudget else { continue }
      total += size
      found.append(row.change)
    }
    return found
  }

  private static func size(of change: ChangeRecord) -> Int {
    let listProducts = change.lists.values.reduce(0) { $0 + $1.products.count }
    return 8 + change.steps.count * 40 + (change.products.count + listProducts) * 100
      + change.lists.count * 40 + change.orders.values.reduce(0) { $0 + $1.count * 16 }
  }
}

// MARK: - Members

extension InMemoryTransaction {
  public func members() throws(DatabaseError) -> [Member] {
    try checkUsable()
    return tables.members.map(\.member)
  }

  public func member(nameKey key: NameKey) throws(DatabaseError) -> Member? {
    try checkUsable()
    return tables.members.first { $0.nameKey == key }?.member
  }

  public func member(inviteHash: String) throws(DatabaseError) -> Member? {
    try checkUsable()
    return tables.members.first { $0.inviteHash == inviteHash }?.member
  }

  public func member(secretHash: String) throws(DatabaseError) -> Member? {
    try checkUsable()
    return tables.members.first { $0.secretHash == secretHash }?.member
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

  public func insertMember(
    _ member: Member, nameKey: NameKey, inviteHash: String
  ) throws(DatabaseError) {
    try checkUsable(writing: true)
    guard
      !tables.members.contains(where: {
        $0.member.id == member.id || $0.nameKey == nameKey || $0.inviteHash == inviteHash
      })
    else {
      throw DatabaseError(
        reason: .constraintViolation, path: location,
        message: "UNIQUE constraint failed: member.nameKey")
    }
    tables.members.append(.init(member: member, nameKey: nameKey, inviteHash: inviteHash))
  }

  public func replaceInvite(
    of id: UUID, inviteHash: String, at date: Date
  ) throws(DatabaseError) -> Bool {
    try checkUsable(writing: true)
    guard let index = tables.members.firstIndex(where: { $0.member.id == id }),
      tables.members[index].member.joinedAt == nil
    else { return false }
    tables.members[index].inviteHash = inviteHash
    tables.members[index].member.invitedAt = date
    return true
  }

  public func join(
    inviteHash: String, secretHash: String, at date: Date
  ) throws(DatabaseError) -> Member? {
    try checkUsable(writing: true)
    guard
      let index = tables.members.firstIndex(where: {
        $0.inviteHash == inviteHash && $0.member.joinedAt == nil
      })
    else { return nil }
    tables.members[index].secretHash = secretHash
    tables.members[index].member.joinedAt = date
    tables.members[index].member.lastSeenAt = date
    return tables.members[index].member
  }

  public func markSeen(_ id: UUID, at date: Date) throws(DatabaseError) {
    try checkUsable(writing: true)
    if let index = tables.members.firstIndex(where: { $0.member.id == id }) {
      tables.members[index].member.lastSeenAt = date
    }
  }

  public func deleteMember(_ id: UUID) throws(DatabaseError) {
    try checkUsable(writing: true)
    tables.members.removeAll { $0.member.id == id }
  }
}
