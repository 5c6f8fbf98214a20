import Composable
import IdentifiedCollections

// A tiny domain-free feature the runtime's tests drive: todos with a title and a done flag.

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

enum TodoAction: Equatable, Sendable {
  case renamed(String)
  case toggled
}

enum TodoEffect: Equatable, Sendable {
  case delete(Int)
  case save(Todo)
}

struct Todos: Equatable, Sendable {
  var todos: IdentifiedArrayOf<Todo> = []
  var log: [String] = []
}

enum TodosAction: Equatable, Sendable {
  case added(Todo)
  case removed(Int)
  case todo(Int, TodoAction)
}

struct TodoError: Error, Equatable {
  let message: String
}

struct TodoReducer: Reducer {
  func reduce(into todo: inout Todo, action: TodoAction) throws -> [TodoEffect] {
    switch action {
    case let .renamed(title):
      guard !title.isEmpty else { throw TodoError(message: "empty title") }
      todo.title = title
    case .toggled:
      todo.isDone.toggle()
    }
    return [.save(todo)]
  }
}

/// The list's own logic, with TodoReducer composed in per element.
let todosReducer = Reduce<Todos, TodosAction, TodoEffect> { state, action in
  switch action {
  case let .added(todo):
    state.todos.append(todo)
    return [.save(todo)]
  case let .removed(id):
    state.todos.remove(id: id)
    return [.delete(id)]
  case .todo:
    return []
  }
}
.forEach(\.todos, action: { action in
  if case let .todo(id, action) = action { (id, action) } else { nil }
}) {
  TodoReducer()
}
