import Composable
import ComposableTesting
import Testing

/// The TestStore must fail whenever a test leaves something unasserted; these prove it does.
@Suite struct TestStoreTests {
  func makeStore() -> TestStore<Todos, TodosAction, TodoEffect> {
    TestStore(initialState: Todos(todos: [Todo(id: 1, title: "Milk")]), reducer: todosReducer)
  }

  @Test func passesWhenStateAndEffectsAreAsserted() {
    let store = makeStore()
    store.send(.todo(1, .toggled), effects: [.save(Todo(id: 1, title: "Milk", isDone: true))]) {
      $0.todos[id: 1]?.isDone = true
    }
    #expect(store.state.todos[id: 1]?.isDone == true)
  }

  @Test func failsOnAnUnassertedStateChange() {
    let store = makeStore()
    withKnownIssue {
      store.send(.todo(1, .toggled), effects: [.save(Todo(id: 1, title: "Milk", isDone: true))])
    } matching: { issue in
      let text = issue.description
      return text.contains("State after action TodosAction.todo(") && text.contains("isDone")
        && text.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func failsOnAWrongStateExpectation() {
    let store = makeStore()
    withKnownIssue {
      store.send(.todo(1, .toggled), effects: [.save(Todo(id: 1, title: "Milk", isDone: true))]) {
        $0.todos[id: 1]?.title = "Eggs"
      }
    } matching: { $0.description.contains("does not match the expectation") }
  }

  @Test func failsOnAnUnassertedEffect() {
    let store = makeStore()
    withKnownIssue {
      store.send(.todo(1, .toggled)) { $0.todos[id: 1]?.isDone = true }
    } matching: { issue in
      issue.description.contains("Effects of action") && issue.description.contains("save(")
    }
  }

  @Test func failsOnAnUnexpectedError() {
    let store = makeStore()
    withKnownIssue {
      store.send(.todo(1, .renamed("")))
    } matching: { $0.description.contains("threw an unexpected error") }
  }

  @Test func assertsAnExpectedErrorAndAnUnchangedState() {
    let store = makeStore()
    store.send(.todo(1, .renamed("")), throws: TodoError(message: "empty title"))
    #expect(store.state.todos[id: 1]?.title == "Milk")
  }

  @Test func failsWhenTheExpectedErrorIsNotThrown() {
    let store = makeStore()
    withKnownIssue {
      store.send(.todo(1, .toggled), throws: TodoError(message: "empty title"))
    } matching: { $0.description.contains("was expected to throw") }
  }

  @Test func failsWhenAThrowingReducerChangedTheStateFirst() {
    let sloppy = Reduce<Todos, TodosAction, TodoEffect> { state, _ in
      state.log.append("half done")
      throw TodoError(message: "late")
    }
    let store = TestStore(initialState: Todos(), reducer: sloppy)
    withKnownIssue {
      store.send(.removed(1), throws: TodoError(message: "late"))
    } matching: { $0.description.contains("changed the state first") }
  }
}
