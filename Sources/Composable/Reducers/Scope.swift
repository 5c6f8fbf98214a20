/// Runs a child reducer on a part of a parent's state, for the parent actions that carry a child
/// action.
///
/// ```swift
/// Scope(state: \AppState.settings, action: { action in
///   if case let .settings(child) = action { child } else { nil }
/// }, effect: AppEffect.settings) {
///   SettingsReducer()
/// }
/// ```
///
/// Parent actions that carry no child action pass through without effects.
public struct Scope<ParentState, ParentAction, ParentEffect, Child: Reducer>: Reducer {
  let toChildState: WritableKeyPath<ParentState, Child.State> & Sendable
  let toChildAction: @Sendable (ParentAction) -> Child.Action?
  let fromChildEffect: @Sendable (Child.Effect) -> ParentEffect
  let child: Child

  /// Scopes `child` to the state at `state`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state lives in the parent's.
  ///   - action: Extracts the child action from a parent action, or `nil` for other actions.
  ///   - effect: Embeds the child's effects in the parent's effect type.
  ///   - child: The child reducer.
  public init(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action: @escaping @Sendable (ParentAction) -> Child.Action?,
    effect: @escaping @Sendable (Child.Effect) -> ParentEffect,
    child: () -> Child
  ) {
    self.toChildState = state
    self.toChildAction = action
    self.fromChildEffect = effect
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) throws -> [ParentEffect] {
    guard let childAction = toChildAction(action) else { return [] }
    return try child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .map(fromChildEffect)
  }
}

extension Scope where ParentEffect == Child.Effect {
  /// Scopes `child` to the state at `state`, for a child whose effects are the parent's.
  public init(
    state: WritableKeyPath<ParentState, Child.State> & Sendable,
    action: @escaping @Sendable (ParentAction) -> Child.Action?,
    child: () -> Child
  ) {
    self.init(state: state, action: action, effect: { $0 }, child: child)
  }
}

extension Scope: Sendable where Child: Sendable {}
