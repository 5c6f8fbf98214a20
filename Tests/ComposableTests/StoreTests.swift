import Composable
import Foundation
import IdentifiedCollections
import Synchronization
import Testing

@Suite struct StoreTests {
  struct ExecutorFailure: Error {}

  final class Recorder: Sendable {
    let batches = Mutex<[[TodoEffect]]>([])
    let failNext = Mutex(false)

    var executor: EffectExecutor<TodoEffect> {
      EffectExecutor { effects in
        if self.failNext.withLock({ $0 }) { throw ExecutorFailure() }
        self.batches.withLock { $0.append(effects) }
      }
    }
  }

  /// What one observer heard: the number of todos of each state it was called with.
  final class Heard: Sendable {
    let counts = Mutex<[Int]>([])
  }

  @Test func sendCommitsTheStateAndExecutesTheEffects() throws {
    let recorder = Recorder()
    let store = Store(initialState: Todos(), reducer: todosReducer, executor: recorder.executor)

    let effects = try store.send(.added(Todo(id: 1, title: "Milk")))

    #expect(store.state.todos.map(\.title) == ["Milk"])
    #expect(effects == [.save(Todo(id: 1, title: "Milk"))])
    #expect(recorder.batches.withLock { $0 } == [[.save(Todo(id: 1, title: "Milk"))]])
  }

  @Test(arguments: ["snapshot", "reload"])
  func anExecutorFailureLeavesTheStateAsItWas(recovery: String) throws {
    let recorder = Recorder()
    let committed = Todos(todos: [Todo(id: 1, title: "Milk")])
    let store = Store(
      initialState: committed, reducer: todosReducer, executor: recorder.executor,
      recovery: recovery == "snapshot" ? .snapshot : .reload(unavailable: Todos()) { committed }
    )
    recorder.failNext.withLock { $0 = true }

    #expect(throws: ExecutorFailure.self) { try store.send(.todo(1, .toggled)) }

    #expect(store.state == committed)
  }

  @Test(arguments: ["snapshot", "reload"])
  func aReducerErrorReachesTheCallerAndLeavesTheState(recovery: String) throws {
    let committed = Todos(todos: [Todo(id: 1, title: "Milk")])
    let store = Store(
      initialState: committed, reducer: todosReducer,
      recovery: recovery == "snapshot" ? .snapshot : .reload(unavailable: Todos()) { committed }
    )

    #expect(throws: TodoError(message: "empty title")) { try store.send(.todo(1, .renamed(""))) }

    #expect(store.state == committed)
  }

  @Test func aFailedReloadIsRetriedBeforeTheNextSend() throws {
    let recorder = Recorder()
    let source = Mutex<Todos?>(nil)  // the source of truth is unreachable at first
    let store = Store(
      initialState: Todos(), reducer: todosReducer, executor: recorder.executor,
      recovery: .reload(unavailable: Todos()) {
        guard let todos = source.withLock({ $0 }) else { throw ExecutorFailure() }
        return todos
      }
    )
    recorder.failNext.withLock { $0 = true }
    #expect(throws: ExecutorFailure.self) { try store.send(.added(Todo(id: 1, title: "Milk"))) }

    source.withLock { $0 = Todos(todos: [Todo(id: 7, title: "Bread")]) }
    recorder.failNext.withLock { $0 = false }
    try store.send(.todo(7, .toggled))

    #expect(store.state.todos == [Todo(id: 7, title: "Bread", isDone: true)])
  }

  @Test func aFailedReloadLeavesNoHalfChangedState() throws {
    let recorder = Recorder()
    let committed = Todos(todos: [Todo(id: 1, title: "Milk")])
    let reachable = Mutex(false)
    let store = Store(
      initialState: committed, reducer: todosReducer, executor: recorder.executor,
      recovery: .reload(unavailable: Todos()) {
        guard reachable.withLock({ $0 }) else { throw ExecutorFailure() }
        return committed
      }
    )
    recorder.failNext.withLock { $0 = true }

    #expect(throws: ExecutorFailure.self) { try store.send(.todo(1, .toggled)) }

    // Not the toggled Milk the failed send left behind: a state that claims nothing.
    #expect(store.state == Todos())
    reachable.withLock { $0 = true }
    recorder.failNext.withLock { $0 = false }
    try store.send(.added(Todo(id: 2, title: "Tea")))
    #expect(store.state.todos.map(\.title) == ["Milk", "Tea"])
  }

  /// Many threads send at once while several observers listen: each observer hears every
  /// commit once, in the order of the commits, and so ends on the last committed state.
  @Test func observersOfConcurrentSendsHearCommitsInOrderAndEndOnTheLast() async throws {
    for _ in 0..<20 {
      let store = Store(initialState: Todos(), reducer: todosReducer)
      let heard = (0..<4).map { _ in Heard() }
      let tokens = heard.map { log in
        store.observe { state in
          // A little work, so that a later commit can overtake an earlier notification.
          var sum = 0
          for todo in state.todos { sum &+= todo.id }
          log.counts.withLock { $0.append(state.todos.count + (sum & 0)) }
        }
      }
      await withTaskGroup(of: Void.self) { group in
        for id in 1...100 {
          group.addTask { _ = try? store.send(.added(Todo(id: id, title: "item \(id)"))) }
        }
      }
      let last = store.state.todos.count
      for log in heard {
        let counts = log.counts.withLock { $0 }
        #expect(counts == Array(1...last), "heard \(counts.count) commits, out of order or not")
        #expect(counts.last == last)
      }
      tokens.forEach { $0.cancel() }
    }
  }

  @Test func observersHearEveryCommittedSendAndNoFailedOne() throws {
    let recorder = Recorder()
    let store = Store(initialState: Todos(), reducer: todosReducer, executor: recorder.executor)
    let seen = Mutex<[[String]]>([])
    let token = store.observe { state in seen.withLock { $0.append(state.todos.map(\.title)) } }

    try store.send(.added(Todo(id: 1, title: "Milk")))
    recorder.failNext.withLock { $0 = true }
    _ = try? store.send(.added(Todo(id: 2, title: "Eggs")))
    recorder.failNext.withLock { $0 = false }
    try store.send(.added(Todo(id: 3, title: "Tea")))
    token.cancel()
    try store.send(.removed(1))

    #expect(seen.withLock { $0 } == [["Milk"], ["Milk", "Tea"]])
  }

  @Test func theStatesStreamYieldsCommittedStates() async throws {
    let store = Store(initialState: Todos(), reducer: todosReducer)
    let states = store.states
    let first = Task { await states.first { _ in true } }
    // The stream buffers the newest state, so sending before the consumer runs is fine.
    try store.send(.added(Todo(id: 1, title: "Milk")))

    let state = await first.value
    #expect(state?.todos.map(\.title) == ["Milk"])
  }

  @Test func concurrentSendsAreSerialisedAndNoneIsLost() async throws {
    let store = Store(initialState: Todos(), reducer: todosReducer)
    await withTaskGroup(of: Void.self) { group in
      for id in 1...200 {
        group.addTask { _ = try? store.send(.added(Todo(id: id, title: "item \(id)"))) }
      }
    }
    #expect(store.state.todos.count == 200)
  }

  @Test func anElementActionMutatesInPlaceWithoutCopyingTheCollection() throws {
    let store = Store(
      initialState: Todos(
        todos: IdentifiedArray(uniqueElements: (1...10_000).map { Todo(id: $0, title: "\($0)") })
      ),
      reducer: todosReducer,
      recovery: .reload(unavailable: Todos()) { Todos() }
    )
    let before = store.state.todos.elements.withUnsafeBufferPointer { $0.baseAddress }

    try store.send(.todo(5_000, .toggled))

    let after = store.state.todos.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after, "the send copied the 10,000 todos instead of mutating in place")
    #expect(store.state.todos[id: 5_000]?.isDone == true)
  }

  @Test func aSnapshotStoreCopiesWhatTheActionMutates() throws {
    // The contrast that shows the check above can fail: a snapshot keeps the old buffer alive,
    // so the mutation must copy it.
    let store = Store(
      initialState: Todos(
        todos: IdentifiedArray(uniqueElements: (1...1_000).map { Todo(id: $0, title: "\($0)") })
      ),
      reducer: todosReducer,
      recovery: .snapshot
    )
    let before = store.state.todos.elements.withUnsafeBufferPointer { $0.baseAddress }

    try store.send(.todo(500, .toggled))

    let after = store.state.todos.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before != after)
  }
}
