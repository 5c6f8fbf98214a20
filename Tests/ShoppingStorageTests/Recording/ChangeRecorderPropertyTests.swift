import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingStorage
import Testing

/// Storage's recording of a change, against a plain model of what a database holds: for
/// random actions, what the recorder keeps as the effects run is exactly what their inverse
/// needs to put everything back. `SHOPLIST_PROPERTY_RUNS` raises the number of cases.
@Suite struct ChangeRecorderPropertyTests {
  static let runs = Int(ProcessInfo.processInfo.environment["SHOPLIST_PROPERTY_RUNS"] ?? "") ?? 400
  let earlier = Date(timeIntervalSince1970: 1_794_000_000)

  @Test func theInverseOfAnyChangeRestoresWhatStorageHeld() throws {
    // For random actions on lists and items: record what the effects overwrite as they run,
    // then run the inverse: storage holds exactly what it held before (sort keys aside, whose
    // order is what a user sees).
    var random = SplitMix64(seed: 0x0DD0)
    let reducer = ShoppingReducer(environment: .deterministic(now: now))
    for _ in 0..<max(1, Self.runs / 40) {
      var state = ShoppingState(lists: [try random.shoppingList(count: 10, id: UUID(counting: 900), addedAt: earlier)])
      var model = StorageModel(state)
      for _ in 0..<60 {
        let action = random.appAction(in: state)
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
      var state = ShoppingState(lists: [try random.shoppingList(count: 10, id: UUID(counting: 900), addedAt: earlier)])
      var model = StorageModel(state)
      var recorder = ChangeRecorder()
      for _ in 0..<30 {
        let action = random.appAction(in: state)
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
}
