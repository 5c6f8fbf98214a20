import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// Times are kept to the second on every engine (an item's `updatedAt` aside), so that a copy
/// from one engine to another, or a read after a write, gives back the same moments.
@Suite(.offThePool) struct StoredTimeConformanceTests {
  static let fractional = now.addingTimeInterval(0.75)

  @Test(arguments: StorageKind.all)
  func timesComeBackWithoutTheirFractionOfASecond(kind: StorageKind) throws {
    let subject = try kind.make()
    var milk = item(1, "Milk")
    milk.addedAt = Self.fractional
    let ana = Member(id: UUID(), name: "Ana", invitedAt: Self.fractional)
    let phone = Device(id: UUID(), joinedAt: Self.fractional, lastSeenAt: Self.fractional)
    try subject.storage.write { transaction in
      try transaction.execute([
        .insertList(id: weekID, name: "Week", createdAt: Self.fractional),
        .insertProduct(milk, listID: weekID),
      ])
      try transaction.journal(command: "add Milk", at: Self.fractional)
      try transaction.insertMember(ana, nameKey: Naming.key("Ana"))
      try transaction.insertInvite(
        StoredInvite(
          codeHash: "code", memberID: ana.id, createdAt: Self.fractional,
          expiresAt: Self.fractional.addingTimeInterval(60)))
      try transaction.insertDevice(phone, of: ana.id, secretHash: "secret")
    }
    try subject.storage.write { transaction in
      _ = try transaction.spendInvite(codeHash: "code", at: Self.fractional)
      try transaction.markSeen(device: phone.id, at: Self.fractional.addingTimeInterval(1))
    }

    let list = try #require(try subject.lists.first)
    #expect(list.createdAt == now)
    #expect(list.products.first?.addedAt == now)
    #expect(try subject.storage.read { try $0.history(limit: 1) }.first?.at == now)
    let member = try #require(try subject.storage.read { try $0.storedMembers() }.first)
    #expect(member.member.invitedAt == now)
    #expect(member.member.devices.map(\.joinedAt) == [now])
    #expect(member.member.devices.map(\.lastSeenAt) == [now.addingTimeInterval(1)])
    #expect(member.invites.map(\.createdAt) == [now])
    #expect(member.invites.map(\.expiresAt) == [now.addingTimeInterval(60)])
    #expect(member.invites.map(\.spentAt) == [now])
  }
}
