/// A reducer made from a closure: the building block for a feature's own logic.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction, CounterEffect> { state, action in
///   state += 1
///   return [.save(state)]
/// }
/// ```
public struct Reduce<State, Action, Effect>: Reducer, Sendable {
  @usableFromInline
  let body: @Sendable (inout State, Action) throws -> [Effect]

  /// Creates a reducer from a closure.
  ///
  /// - Parameter reduce: Mutates the state for an action and returns the effects.
  @inlinable
  public init(_ reduce: @escaping @Sendable (inout State, Action) throws -> [Effect]) {
    self.body = reduce
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) throws -> [Effect] {
    try body(&state, action)
  }
}
