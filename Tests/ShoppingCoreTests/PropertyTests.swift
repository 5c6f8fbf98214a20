import Composable
import Foundation
import IdentifiedCollections
import ShoplistTestSupport
import Testing

@testable import ShoppingCore

/// Generated input with a fixed seed: names that look like SQL, numbers, options, paths,
/// control characters, combining marks and emoji. Never a crash, every invariant kept.
/// `SHOPLIST_PROPERTY_RUNS` raises the number of cases for a long run.
@Suite struct PropertyTests {
  static let runs = Int(ProcessInfo.processInfo.environment["SHOPLIST_PROPERTY_RUNS"] ?? "") ?? 400

  @Test func namesAreCleanAndNormalisingTwiceChangesNothing() {
    var random = SplitMix64(seed: 0x5EED)
    for _ in 0..<Self.runs * 5 {
      let raw = random.hostileString()
      do {
        let name = try Naming.name(raw)
        #expect(!name.isEmpty && name.count <= 200)
        let scalars = name.unicodeScalars
        #expect(scalars.first?.properties.isWhitespace == false)
        #expect(scalars.last?.properties.isWhitespace == false)
        #expect(!name.contains("  "))
        #expect(!name.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(
          try Naming.name(name) == name, "\(raw.debugDescription) → \(name.debugDescription)"
        )
        #expect(Naming.key(Naming.key(name).value) == Naming.key(name))
      } catch {
        guard case .invalidName(raw, _) = error else {
          Issue.record("unexpected \(error) for \(raw.debugDescription)")
          continue
        }
      }
    }
  }

  @Test func referencesResolveToAnItemOrATypedError() throws {
    var random = SplitMix64(seed: 0xBEEF)
    let list = try randomList(&random, count: 40)
    for _ in 0..<Self.runs * 5 {
      let reference = random.next() % 3 == 0 ? String(random.next() % 60) : random.hostileString()
      do {
        let id = try list.resolve(reference)
        #expect(list.products[id: id] != nil)
      } catch {
        switch error {
        case .noSuchItem, .ambiguousReference: break
        default: Issue.record("unexpected \(error) for \(reference.debugDescription)")
        }
      }
    }
  }

  @Test func effectsAlwaysDescribeTheNewState() throws {
    // Executing the effects on a plain model of the database must give the state the reducer
    // built, after every action, whatever the actions: the state never drifts from storage.
    var random = SplitMix64(seed: 0xC0FFEE)
    let reducer = ShoppingReducer(environment: .deterministic(now: now))
    for _ in 0..<max(1, Self.runs / 40) {
      var state = ShoppingState(lists: [try randomList(&random, count: 10)])
      var model = StorageModel(state)
      let listID = state.lists[0].id
      for _ in 0..<60 {
        let action = randomAction(&random, list: state.lists[0])
        let before = state
        do {
          let effects = try reducer.reduce(into: &state, action: .list(listID, action))
          model.execute(effects)
        } catch is ShoppingError {
          #expect(state == before, "a refused action changed the state: \(action)")
        }
        #expect(model.products(of: listID) == Array(state.lists[0].products), "after \(action)")
        let keys = state.lists[0].products.map { Naming.key($0.name) }
        #expect(Set(keys).count == keys.count, "two items share a name after \(action)")
      }
    }
  }

  @Test func theInverseOfAnyChangeRestoresWhatStorageHeld() throws {
    // For random actions on lists and items: record what the effects overwrite as they run,
    // then run the inverse: storage holds exactly what it held before (sort keys aside, whose
    // order is what a user sees).
    var random = SplitMix64(seed: 0x0DD0)
    let reducer = ShoppingReducer(environment: .deterministic(now: now))
    for _ in 0..<max(1, Self.runs / 40) {
      var state = ShoppingState(lists: [try randomList(&random, count: 10)])
      var model = StorageModel(state)
      for _ in 0..<60 {
        let action = randomAppAction(&random, state: state)
        let before = model
        guard let effects = try? reducer.reduce(into: &state, action: action) else { continue }
        var recorder = ChangeRecorder()
        try recorder.record(effects, into: &model)
        let change = recorder.change
        var undone = model
        undone.execute(change.inverse())
        #expect(undone.visible == before.visible, "undoing \(action)")
        #expect(undone.defaultList == before.defaultList, "undoing \(action)")
        #expect(undone.shopOrder == before.shopOrder, "undoing \(action)")
        #expect(
          Set(undone.lists.map { "\($0.key) \($0.value.name) \($0.value.createdAt)" })
            == Set(before.lists.map { "\($0.key) \($0.value.name) \($0.value.createdAt)" }),
          "undoing \(action)")
        // Redo is the undo of the undo: recording the inverse and inverting it again gives
        // the change back.
        var again = ChangeRecorder()
        undone = model
        try again.record(change.inverse(), into: &undone)
        var redone = undone
        redone.execute(again.change.inverse())
        #expect(redone.visible == model.visible, "redoing \(action)")
        #expect(redone.defaultList == model.defaultList, "redoing \(action)")
        #expect(redone.shopOrder == model.shopOrder, "redoing \(action)")
      }
    }
  }

  @Test func aBatchStorageTookBackLeavesTheRecordAsItWas() throws {
    // Several changes recorded in one record, batch by batch; a batch ended unkept (storage
    // took it back) must leave exactly the record of the batches before it.
    var random = SplitMix64(seed: 0xBA7C)
    let reducer = ShoppingReducer(environment: .deterministic(now: now))
    for _ in 0..<max(1, Self.runs / 40) {
      var state = ShoppingState(lists: [try randomList(&random, count: 10)])
      var model = StorageModel(state)
      var recorder = ChangeRecorder()
      for _ in 0..<30 {
        let action = randomAppAction(&random, state: state)
        var attempt = state
        guard let effects = try? reducer.reduce(into: &attempt, action: action) else { continue }
        let before = recorder.change
        recorder.beginBatch()
        var scratch = model
        try recorder.record(effects, into: &scratch)
        if random.next() % 3 == 0 {
          recorder.endBatch(kept: false)
          #expect(recorder.change == before, "taking back \(action)")
        } else {
          recorder.endBatch(kept: true)
          state = attempt
          model = scratch
        }
      }
    }
  }

  private func randomAppAction(_ random: inout SplitMix64, state: ShoppingState) -> ShoppingAction {
    let list = state.lists[Int(random.next() % UInt64(state.lists.count))]
    switch random.next() % 14 {
    case 0: return .createList(named: random.hostileString())
    case 1: return .renameList(list.id, to: random.hostileString())
    case 2 where state.lists.count > 1: return .deleteList(list.id, force: true)
    case 3: return .makeDefault(list.id)
    case 4:
      return .setShopOrder((0..<random.next() % 4).map { _ in random.hostileString() })
    default: return .list(list.id, randomAction(&random, list: list))
    }
  }

  private func randomList(_ random: inout SplitMix64, count: Int) throws -> ShoppingList {
    var products: IdentifiedArrayOf<Product> = []
    var keys: Set<NameKey> = []
    var n: UInt64 = 0
    while products.count < count {
      n += 1
      guard let name = try? Naming.name(random.hostileString()),
        keys.insert(Naming.key(name)).inserted
      else { continue }
      products.append(Product(id: UUID(counting: 10_000 + n), name: name, addedAt: earlier))
    }
    return ShoppingList(
      id: fixtureID(900), name: "shopping", createdAt: earlier, products: products)
  }

  private func randomAction(_ random: inout SplitMix64, list: ShoppingList) -> ShoppingListAction {
    // Actions name items that exist: one for an item that is gone is a reported no-op, tested
    // on its own elsewhere.
    guard !list.products.isEmpty else { return .add(name: random.hostileString(), .none) }
    let someID = list.products[Int(random.next() % UInt64(list.products.count))].id
    switch random.next() % 9 {
    case 0: return .add(name: random.hostileString(), .none)
    case 1: return .rename(someID, to: random.hostileString())
    case 2: return .remove([someID])
    case 3: return .product(someID, .toggled)
    case 4: return .move(someID, toPosition: Int(random.next() % 15))
    case 5: return .sort(by: ProductOrder.allCases[Int(random.next() % 4)])
    case 6: return .clearChecked
    case 7: return .resetChecks
    default:
      let existing = list.products[Int(random.next() % UInt64(list.products.count))].name
      return .add(name: existing.uppercased(), .none)
    }
  }
}

/// A plain model of what the database holds: lists, and products with list and sort position.
struct StorageModel: Equatable, StoredRows {
  struct Row: Equatable {
    var list: ShoppingList.ID
    var position: Int64
    var product: Product
  }

  var rows: [Product.ID: Row] = [:]
  var lists: [ShoppingList.ID: StoredList] = [:]
  var defaultList: ShoppingList.ID?
  var shopOrder: [String] = []

  init(_ state: ShoppingState) {
    for list in state.lists {
      lists[list.id] = StoredList(name: list.name, createdAt: list.createdAt)
      for (offset, product) in list.products.enumerated() {
        rows[product.id] = Row(list: list.id, position: Int64(offset + 1), product: product)
      }
    }
  }

  mutating func execute(_ effects: [PersistenceEffect]) {
    for effect in effects {
      switch effect {
      case let .insertProduct(product, listID):
        let last = rows.values.filter { $0.list == listID }.map(\.position).max() ?? 0
        rows[product.id] = Row(list: listID, position: last + 1, product: product)
      case let .restoreProduct(product, listID, position):
        rows[product.id] = Row(list: listID, position: position, product: product)
      case let .updateProduct(product):
        rows[product.id]?.product = product
      case let .deleteProducts(ids):
        for id in ids { rows[id] = nil }
      case let .reorderProducts(_, order):
        for (offset, id) in order.enumerated() { rows[id]?.position = Int64(offset + 1) }
      case let .deleteList(id):
        rows = rows.filter { $0.value.list != id }
        lists[id] = nil
        if defaultList == id { defaultList = nil }
      case let .insertList(id, name, createdAt):
        lists[id] = StoredList(name: name, createdAt: createdAt)
      case let .restoreList(id, name, createdAt, position):
        lists[id] = StoredList(name: name, createdAt: createdAt, position: position)
      case let .renameList(id, name):
        lists[id]?.name = name
      case let .setDefaultList(id):
        defaultList = id
      case let .setShopOrder(categories):
        shopOrder = categories
      }
    }
  }

  func products(of list: ShoppingList.ID) -> [Product] {
    rows.values.filter { $0.list == list }.sorted { $0.position < $1.position }.map(\.product)
  }

  /// What a user sees: every list by name, with its products in order (not the sort keys).
  var visible: [String: [Product]] {
    Dictionary(uniqueKeysWithValues: lists.map { ($0.value.name, products(of: $0.key)) })
  }

  func storedProduct(_ id: Product.ID) -> StoredProduct? {
    rows[id].map { StoredProduct(product: $0.product, listID: $0.list, position: $0.position) }
  }

  func storedList(_ id: ShoppingList.ID, withProducts: Bool) -> StoredList? {
    guard var list = lists[id] else { return nil }
    list.isDefault = defaultList == id
    if withProducts {
      list.products = rows.values.filter { $0.list == id }.sorted { $0.position < $1.position }
        .map { StoredProduct(product: $0.product, listID: $0.list, position: $0.position) }
    }
    return list
  }

  func storedOrder(ofList id: ShoppingList.ID) -> [Product.ID] {
    products(of: id).map(\.id)
  }

  func storedDefaultList() -> ShoppingList.ID? { defaultList }

  func storedShopOrder() -> [String] { shopOrder }
}

extension ChangeRecorder {
  /// Records each effect just before executing it on `model`, as storage does.
  mutating func record(_ effects: [PersistenceEffect], into model: inout StorageModel) throws {
    for effect in effects {
      try record(effect, before: model)
      model.execute([effect])
    }
  }
}
