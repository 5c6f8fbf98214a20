import Foundation
import ShoplistTestTraits
import ShoppingCore
import ShoppingStorage
import Testing

/// The items a database remembers once they leave their lists (see `RememberedItem`), on every
/// engine: one per name, times summed, the most recently changed one's fields.
@Suite(.offThePool) struct RememberedConformanceTests {
  static func remembered(_ subject: Subject, _ keys: Set<NameKey>? = nil) throws
    -> [RememberedItem]
  {
    try subject.storage.read { try $0.rememberedItems(named: keys) }.sorted { $0.name < $1.name }
  }

  @Test(arguments: StorageKind.all)
  func eachNameIsRememberedOnceWithItsTimesAndItsNewestFields(kind: StorageKind) throws {
    let subject = try kind.make()
    var milk = item(1, "Milk")
    milk.category = "dairy"
    milk.quantity = 2
    milk.unit = "l"
    var older = item(2, "MILK")
    older.category = "drinks"
    older.updatedAt = now.addingTimeInterval(-3_600)

    try subject.storage.write { try $0.remember([RememberedItem(milk)]) }
    try subject.storage.write {
      try $0.remember([RememberedItem(older), RememberedItem(item(3, "Bread"))])
    }

    #expect(
      try Self.remembered(subject) == [
        RememberedItem(name: "Bread", times: 1, updatedAt: now),
        RememberedItem(
          name: "Milk", quantity: 2, unit: "l", category: "dairy", times: 2, updatedAt: now),
      ])
    #expect(try Self.remembered(subject, [NameKey(lookingUp: "milk")]).map(\.times) == [2])
    #expect(try Self.remembered(subject, [NameKey(lookingUp: "tea")]).isEmpty)
  }

  /// The one given wins a tie: the product leaving now is the one last seen.
  @Test(arguments: StorageKind.all)
  func aNewerOrEquallyNewItemReplacesTheFieldsAndTimesAddUp(kind: StorageKind) throws {
    let subject = try kind.make()
    try subject.storage.write {
      try $0.remember([RememberedItem(name: "Tea", category: "hot", times: 3, updatedAt: now)])
    }
    try subject.storage.write {
      try $0.remember([RememberedItem(name: "tea", category: nil, times: 2, updatedAt: now)])
    }

    #expect(try Self.remembered(subject) == [RememberedItem(name: "tea", times: 5, updatedAt: now)])
  }

  /// A long list cleared at once: thousands of items in one call, some of one name.
  @Test(arguments: StorageKind.all)
  func manyItemsAtOnceAreEachNameRememberedOnceWithTheirTimes(kind: StorageKind) throws {
    let subject = try kind.make()
    let items = (0..<2_500).map {
      RememberedItem(name: "item \($0 % 2_000)", updatedAt: now.addingTimeInterval(Double($0)))
    }

    try subject.storage.write { try $0.remember(items) }

    let remembered = try Self.remembered(subject)
    #expect(remembered.count == 2_000)
    #expect(remembered.filter { $0.times == 2 }.count == 500)
    #expect(
      remembered.first { $0.name == "item 7" }?.updatedAt == now.addingTimeInterval(2_007))
  }

  @Test(arguments: StorageKind.all)
  func aReadTransactionCannotRemember(kind: StorageKind) throws {
    let subject = try kind.make()
    let error = databaseError {
      try subject.storage.read { try $0.remember([RememberedItem(item(1, "Milk"))]) }
    }
    #expect(error?.reason == .misuse)
    #expect(try Self.remembered(subject).isEmpty)
  }
}
