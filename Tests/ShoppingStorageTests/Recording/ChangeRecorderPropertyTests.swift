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
  let reducer = ShoppingReducer(environment: .deterministic(now: now))

  /// Random runs, each from a list of ten items: `body` gets the run's random numbers, its
  /// state and the model of storage holding it.
  func forEachRun(
    seed: UInt64,
    _ body: (inout SplitMix64, inout ShoppingState, inout StorageModel) throws -> Void
  ) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<max(1, Self.runs / 40) {
      var state = ShoppingState(
        lists: [try random.shoppingList(count: 10, id: UUID(counting: 900), addedAt: earlier)],
        shops: Shops())
      var model = StorageModel(state)
      try body(&random, &state, &model)
    }
  }

  @Test func theInverseOfAnyChangeRestoresWhatStorageHeld() throws {
    // For random actions on lists and items: record what the effects overwrite as they run,
    // then run the inverse: storage holds exactly what it held before (sort keys aside, whose
    // order is what a user sees).
    try forEachRun(seed: 0x0DD0) { random, state, model in
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
        #expect(undone.visibleShops == before.visibleShops, "undoing \(action)")
        #expect(undone.listOrder == before.listOrder, "undoing \(action)")
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
        #expect(redone.visibleShops == model.visibleShops, "redoing \(action)")
        #expect(redone.listOrder == model.listOrder, "redoing \(action)")
      }
    }
  }

  @Test func aChangeRecordedInPartsIsTheChangeRecordedWholeAndUndoesPartByPart() throws {
    // The same effects recorded whole and in parts (a part taken now and then, as storage
    // takes one past a size): the parts appended are the whole record (but for the versions
    // of items the change added and then deleted with their list, which its inverse removes
    // again), and both their inverse and theirs part by part, newest first, put back what
    // storage held.
    try forEachRun(seed: 0x9A27) { random, state, model in
      let start = model
      var whole = ChangeRecorder()
      var inParts = ChangeRecorder()
      var parts: [ChangeRecord] = []
      for _ in 0..<30 {
        let action = random.appAction(in: state)
        guard let effects = try? reducer.reduce(into: &state, action: action) else { continue }
        var scratch = model
        try whole.record(effects, into: &scratch)
        try inParts.record(effects, into: &model)
        if random.next() % 2 == 0, let part = inParts.takePart(ifOver: 0) { parts.append(part) }
      }
      parts.append(inParts.change)
      var appended = ChangeRecord()
      for part in parts { appended.append(part) }
      #expect(appended.steps == whole.change.steps)
      #expect(appended.products == whole.change.products)
      #expect(appended.addedTo == whole.change.addedTo)
      #expect(appended.orders == whole.change.orders)
      #expect(appended.settings == whole.change.settings)
      #expect(appended.shops == whole.change.shops)
      #expect(appended.listShops == whole.change.listShops)
      #expect(appended.lists.mapValues(\.name) == whole.change.lists.mapValues(\.name))
      #expect(inParts.partsTaken == parts.count - 1)
      var undone = model
      for part in parts.reversed() { undone.execute(part.inverse()) }
      var undoneWhole = model
      undoneWhole.execute(appended.inverse())
      // Every item back as it was, in its list. (Not their order: the model puts a restored
      // item under its old sort key without moving the others, so after a long change two
      // may share a key, however the change was recorded; the engines' tests check order.)
      func items(_ model: StorageModel) -> [String: [Product]] {
        model.visible.mapValues { $0.sorted { $0.id.uuidString < $1.id.uuidString } }
      }
      for (way, result) in [("part by part", undone), ("whole", undoneWhole)] {
        #expect(items(result) == items(start), "undone \(way), \(parts.count) parts")
        #expect(result.defaultList == start.defaultList, "undone \(way)")
        #expect(result.visibleShops == start.visibleShops, "undone \(way)")
      }
    }
  }

  @Test func aPartIsTakenOnlyPastItsSizeAndBetweenBatches() throws {
    let listID = UUID(counting: 1)
    var model = StorageModel(
      ShoppingState(lists: [ShoppingList(id: listID, name: "A", createdAt: now)]))
    var recorder = ChangeRecorder()
    let effects: [PersistenceEffect] = (0..<100).map {
      .insertProduct(
        Product(id: UUID(counting: 100 + UInt64($0)), name: "Item \($0)", addedAt: now),
        listID: listID)
    }
    recorder.beginBatch()
    try recorder.record(effects, into: &model)
    let whileOpen = recorder.takePart(ifOver: 0)
    #expect(whileOpen == nil, "a batch is open")
    recorder.endBatch(kept: true)
    let small = recorder.takePart(ifOver: 100 * 33)
    #expect(small == nil, "not past the size")
    let taken = recorder.takePart(ifOver: 100)
    let part = try #require(taken)
    #expect(part.steps.count == 100)
    #expect(recorder.change.isEmpty)
    #expect(recorder.summary.text(listNames: [listID: "A"]) == "A: 100 added")
    let again = recorder.takePart(ifOver: 0)
    #expect(again == nil, "nothing recorded since")
  }

  @Test func aBatchStorageTookBackLeavesTheRecordAsItWas() throws {
    // Several changes recorded in one record, batch by batch; a batch ended unkept (storage
    // took it back) must leave exactly the record of the batches before it.
    try forEachRun(seed: 0xBA7C) { random, state, model in
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
