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
    let list = try random.shoppingList(count: 40, id: fixtureID(900), addedAt: earlier)
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
      let list = try random.shoppingList(count: 10, id: fixtureID(900), addedAt: earlier)
      var state = ShoppingState(lists: [list])
      var model = StorageModel(state)
      let listID = state.lists[0].id
      for _ in 0..<60 {
        let action = random.listAction(on: state.lists[0])
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
}
