import Composable
import ComposableTesting
import IdentifiedCollections
import Testing

@Suite struct CompositionTests {
  @Test func anElementActionReachesOnlyItsElement() {
    let store = TestStore(
      initialState: Todos(todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]),
      reducer: todosReducer
    )

    store.send(.todo(2, .toggled), effects: [.save(Todo(id: 2, title: "Eggs", isDone: true))]) {
      $0.todos[id: 2]?.isDone = true
    }
  }

  @Test func anElementActionRunsTheElementReducerOnce() throws {
    // Counting reducer runs, not time: an element action does O(1) element work however long
    // the collection is.
    final class Counter: @unchecked Sendable { var runs = 0 }
    let counter = Counter()
    let counted = Reduce<Todos, TodosAction, TodoEffect> { _, _ in [] }
      .forEach(\.todos, action: { action in
        if case let .todo(id, action) = action { (id, action) } else { nil }
      }) {
        Reduce<Todo, TodoAction, TodoEffect> { todo, _ in
          counter.runs += 1
          todo.isDone.toggle()
          return []
        }
      }
    var state = Todos(
      todos: IdentifiedArray(uniqueElements: (1...10_000).map { Todo(id: $0, title: "\($0)") })
    )

    _ = try counted.reduce(into: &state, action: .todo(9_999, .toggled))

    #expect(counter.runs == 1)
    #expect(state.todos.filter(\.isDone).map(\.id) == [9_999])
  }

  @Test func anActionForAMissingElementIsAReportedNoOp() throws {
    var state = Todos(todos: [Todo(id: 1, title: "Milk")])
    let before = state

    try withKnownIssue {
      let effects = try todosReducer.reduce(into: &state, action: .todo(42, .toggled))
      #expect(effects.isEmpty)
    } matching: { issue in
      issue.description.contains("not in the collection")
    }

    #expect(state == before)
  }

  @Test func scopeRunsTheChildOnItsPartOfTheState() throws {
    struct Parent: Equatable { var todo = Todo(id: 1, title: "Milk"); var other = 0 }
    enum ParentAction { case todo(TodoAction), other }
    enum ParentEffect: Equatable { case todo(TodoEffect) }
    let reducer = Scope(
      state: \Parent.todo,
      action: { (action: ParentAction) in if case let .todo(a) = action { a } else { nil } },
      effect: ParentEffect.todo
    ) {
      TodoReducer()
    }
    var state = Parent()

    let effects = try reducer.reduce(into: &state, action: .todo(.toggled))
    let ignored = try reducer.reduce(into: &state, action: .other)

    #expect(state == Parent(todo: Todo(id: 1, title: "Milk", isDone: true), other: 0))
    #expect(effects == [.todo(.save(Todo(id: 1, title: "Milk", isDone: true)))])
    #expect(ignored.isEmpty)
  }

  @Test func combinedReducersRunInOrderAndConcatenateEffects() throws {
    let reducer = CombineReducers {
      Reduce<Todos, TodosAction, TodoEffect> { state, _ in
        state.log.append("first")
        return [.delete(1)]
      }
      Reduce<Todos, TodosAction, TodoEffect> { state, _ in
        state.log.append("second")
        return [.delete(2)]
      }
    }
    var state = Todos()

    let effects = try reducer.reduce(into: &state, action: .removed(0))

    #expect(state.log == ["first", "second"])
    #expect(effects == [.delete(1), .delete(2)])
  }

  @Test func theTracingReducerWritesActionDiffEffectsAndTime() throws {
    final class Buffer: @unchecked Sendable { var text = "" }
    let buffer = Buffer()
    let traced = todosReducer.traced(to: TraceOutput { buffer.text += $0 })
    var state = Todos(todos: [Todo(id: 1, title: "Milk")])

    _ = try traced.reduce(into: &state, action: .todo(1, .toggled))

    #expect(buffer.text.contains("action:\n  TodosAction.todo("))
    #expect(buffer.text.contains("-       isDone: false"))
    #expect(buffer.text.contains("+       isDone: true"))
    #expect(buffer.text.contains("effects (1):\n  TodoEffect.save("))
    #expect(buffer.text.contains("reduced in "))
  }

  @Test func theTracingExecutorReportsEachBatch() throws {
    final class Buffer: @unchecked Sendable { var text = "" }
    let buffer = Buffer()
    let executor = EffectExecutor<TodoEffect> { _ in }.traced(to: TraceOutput { buffer.text += $0 })

    try executor.execute([.delete(1), .delete(2)])

    #expect(buffer.text.hasPrefix("executed 2 effect(s) in "))
  }
}
