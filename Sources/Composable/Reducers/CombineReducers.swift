/// Runs several reducers on the same state and action, in order, concatenating their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.settings, action: \.settings) { SettingsReducer() }
///   AppReducer()
/// }
/// ```
///
/// If a later reducer throws, the earlier ones may already have mutated the state; the ``Store``
/// restores it, as it does after any failed send.
public struct CombineReducers<State, Action, Effect, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action, Reducers.Effect == Effect {
  let reducers: Reducers

  /// Combines the reducers the builder lists.
  public init(@ReducerBuilder<State, Action, Effect> _ build: () -> Reducers) {
    self.reducers = build()
  }

  public func reduce(into state: inout State, action: Action) throws -> [Effect] {
    try reducers.reduce(into: &state, action: action)
  }
}

extension CombineReducers: Sendable where Reducers: Sendable {}

/// Builds a reducer out of a list of reducers that run one after the other.
@resultBuilder
public enum ReducerBuilder<State, Action, Effect> {
  /// The first reducer of the list, as it is.
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action, R.Effect == Effect {
    first
  }

  /// The reducers so far, then the next one.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1>
  where R0.State == State, R0.Action == Action, R0.Effect == Effect,
    R1.State == State, R1.Action == Action, R1.Effect == Effect
  {
    ReducerSequence(first: accumulated, second: next)
  }

  /// A reducer written in the list, as it is.
  public static func buildExpression<R: Reducer>(_ expression: R) -> R
  where R.State == State, R.Action == Action, R.Effect == Effect {
    expression
  }
}

/// Two reducers run in order; what ``ReducerBuilder`` makes of a list.
public struct ReducerSequence<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action, First.Effect == Second.Effect {
  let first: First
  let second: Second

  public func reduce(into state: inout First.State, action: First.Action) throws
    -> [First.Effect]
  {
    let effects = try first.reduce(into: &state, action: action)
    return try effects.followed(by: second.reduce(into: &state, action: action))
  }
}

extension ReducerSequence: Sendable where First: Sendable, Second: Sendable {}
