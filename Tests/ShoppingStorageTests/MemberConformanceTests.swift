import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// What every storage does with members, their devices and invites, and settings: the same
/// rows back, an invite spent once and never after it expired, a removal that takes every
/// device and invite with it, and a copy that keeps them all.
@Suite(.offThePool) struct MemberConformanceTests {
  static let made = Date(timeIntervalSince1970: 1_800_000_000)
  static let ana = Member(id: UUID(), name: "Ana", invitedAt: made)

  static func invite(_ hash: String, expiring seconds: TimeInterval = 3_600) -> StoredInvite {
    StoredInvite(
      codeHash: hash, memberID: ana.id, createdAt: made,
      expiresAt: made.addingTimeInterval(seconds))
  }

  @Test(arguments: StorageKind.all)
  func anInviteIsSpentOnceAndNeverAfterItExpired(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.storage.write { transaction in
      try transaction.insertMember(Self.ana, nameKey: Naming.key("Ana"))
      try transaction.insertInvite(Self.invite("a"))
      try transaction.insertInvite(Self.invite("b"))
    }
    let spent = try subject.storage.write { transaction in
      (
        try transaction.spendInvite(codeHash: "a", at: Self.made.addingTimeInterval(60)),
        try transaction.spendInvite(codeHash: "a", at: Self.made.addingTimeInterval(61)),
        try transaction.spendInvite(codeHash: "b", at: Self.made.addingTimeInterval(3_600)),
        try transaction.spendInvite(codeHash: "c", at: Self.made)
      )
    }
    #expect(spent.0 == Self.ana.id && spent.1 == nil && spent.2 == nil && spent.3 == nil)
    let stored = try subject.storage.read {
      (try $0.invite(codeHash: "a"), try $0.invite(codeHash: "b"))
    }
    #expect(stored.0?.spentAt == Self.made.addingTimeInterval(60))
    #expect(stored.1 == Self.invite("b"))
  }

  @Test(arguments: StorageKind.all)
  func devicesComeBackWithTheirMemberAndGoWithIt(kind: StorageKind) throws {
    let subject = try kind.make()
    let phone = Device(id: UUID(), joinedAt: Self.made, lastSeenAt: Self.made)
    let tablet = Device(id: UUID(), joinedAt: Self.made.addingTimeInterval(10))
    try subject.storage.write { transaction in
      try transaction.insertMember(Self.ana, nameKey: Naming.key("Ana"))
      try transaction.insertInvite(Self.invite("a"))
      try transaction.insertDevice(phone, of: Self.ana.id, secretHash: "s1")
      try transaction.insertDevice(tablet, of: Self.ana.id, secretHash: "s2")
      try transaction.markSeen(device: tablet.id, at: Self.made.addingTimeInterval(99))
    }
    var seen = tablet
    seen.lastSeenAt = Self.made.addingTimeInterval(99)
    let found = try subject.storage.read { try $0.device(secretHash: "s2") }
    #expect(found?.member.devices == [phone, seen] && found?.device == seen)
    #expect(try subject.storage.read { try $0.member(id: Self.ana.id) }?.devices.count == 2)

    try subject.storage.write { transaction in
      try transaction.withdrawInvites(of: Self.ana.id)
      try transaction.deleteMember(Self.ana.id)
    }
    let left = try subject.storage.read { transaction in
      (
        try transaction.device(secretHash: "s1") == nil,
        try transaction.invite(codeHash: "a") == nil, try transaction.members().isEmpty
      )
    }
    #expect(left == (true, true, true))
  }

  @Test(arguments: StorageKind.all)
  func aSecondDeviceWithTheSameSecretIsAConstraintViolation(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.storage.write { transaction in
      try transaction.insertMember(Self.ana, nameKey: Naming.key("Ana"))
      try transaction.insertDevice(
        Device(id: UUID(), joinedAt: Self.made), of: Self.ana.id, secretHash: "s")
    }
    #expect {
      try subject.storage.write { transaction in
        try transaction.insertDevice(
          Device(id: UUID(), joinedAt: Self.made), of: Self.ana.id, secretHash: "s")
      }
    } throws: { ($0 as? DatabaseError)?.reason == .constraintViolation }
  }

  @Test(arguments: StorageKind.all)
  func aSettingIsKeptReplacedAndRemoved(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.storage.write { try $0.setSetting("servedAddress", to: "https://a.example") }
    try subject.storage.write { try $0.setSetting("servedAddress", to: "https://b.example") }
    #expect(try subject.storage.read { try $0.setting("servedAddress") } == "https://b.example")
    try subject.storage.write { try $0.setSetting("servedAddress", to: nil) }
    #expect(try subject.storage.read { try $0.setting("servedAddress") } == nil)
  }

  @Test(arguments: StorageKind.all)
  func aStoredMemberCopiesWithDevicesAndInvites(kind: StorageKind) throws {
    let source = try kind.make()
    let phone = Device(id: UUID(), joinedAt: Self.made, lastSeenAt: Self.made)
    try source.storage.write { transaction in
      try transaction.insertMember(Self.ana, nameKey: Naming.key("Ana"))
      try transaction.insertInvite(Self.invite("a"))
      try transaction.insertDevice(phone, of: Self.ana.id, secretHash: "s1")
    }
    let stored = try source.storage.read { try $0.storedMembers() }
    #expect(stored.count == 1 && stored.first?.secretHashes == [phone.id: "s1"])
    #expect(stored.first?.invites == [Self.invite("a")])

    let target = try kind.make()
    try target.storage.write { transaction in
      for member in stored { try transaction.insertStoredMember(member) }
    }
    #expect(try target.storage.read { try $0.storedMembers() } == stored)
  }
}
