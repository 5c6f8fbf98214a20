/// A description of how a feature's state evolves when an action arrives, and of the work the
/// change asks the outside world to do.
///
/// A reducer is a pure function: given the current state and an action it mutates the state in
/// place and returns the *effects* of the change as plain values. It never performs the effects
/// itself; a ``Store`` hands them to an ``EffectExecutor`` (a database, a recorder in tests).
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> [CounterEffect] {
///     switch action {
///     case .incrementTapped:
///       state += 1
///       return [.save(state)]
///     }
///   }
/// }
/// ```
///
/// A reducer that throws must leave the state exactly as it found it: validate first, then
/// mutate. The ``Store`` relies on this only as a fast path; it still restores the state after
/// any failure, and `TestStore` checks the promise for every error a test expects.
public protocol Reducer<State, Action, Effect> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer understands.
  associatedtype Action
  /// The values describing the work a change asks for.
  associatedtype Effect

  /// Evolves `state` for `action` and returns the effects of the change.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: What happened, or what the user asked for.
  /// - Returns: The effects, in the order they must be executed; empty when nothing changed.
  func reduce(into state: inout State, action: Action) throws -> [Effect]
}

extension Array {
  /// This array followed by `other`: how composed reducers join their effects.
  ///
  /// Written with an index loop rather than `+`: a composed reducer runs unspecialized in the
  /// module that builds it, where `+` looks up its argument's iterator type through the Swift
  /// run time, and the first such lookup scans every protocol conformance record in the
  /// executable (see BENCHMARKS.md).
  func followed(by other: [Element]) -> [Element] {
    if isEmpty { return other }
    if other.isEmpty { return self }
    var all = self
    all.reserveCapacity(count + other.count)
    for index in other.indices {
      all.append(other[index])
    }
    return all
  }
}
