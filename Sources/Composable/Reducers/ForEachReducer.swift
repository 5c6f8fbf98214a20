import IdentifiedCollections
import IssueReporting

/// Runs an element reducer on one element of an identified collection, picked by id, and then
/// the parent reducer. Built with ``Reducer/forEach(_:action:effect:element:)``.
///
/// Finding the element is O(1) and it is mutated in place, so an element action costs the same
/// on a collection of ten elements as on one of a million.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>> & Sendable
  let toElementAction: @Sendable (Parent.Action) -> (id: ID, action: Element.Action)?
  let fromElementEffect: @Sendable (ID, Element.Effect) -> Parent.Effect
  let element: Element

  public func reduce(into state: inout Parent.State, action: Parent.Action) throws
    -> [Parent.Effect]
  {
    var effects: [Parent.Effect] = []
    if let (id, elementAction) = toElementAction(action) {
      if let index = state[keyPath: toElements].index(id: id) {
        effects = try element.reduce(
          into: &state[keyPath: toElements][index], action: elementAction
        )
        .map { fromElementEffect(id, $0) }
      } else {
        // Not a crash: a late action for an element that is gone is a bug worth hearing about,
        // never a reason to take the program down.
        reportIssue(
          """
          An element action was sent for an element that is not in the collection.

            Action: \(elementAction)
            ID: \(id)
          """
        )
      }
    }
    return try effects.followed(by: parent.reduce(into: &state, action: action))
  }
}

extension ForEachReducer: Sendable where Parent: Sendable, Element: Sendable {}

extension Reducer {
  /// Embeds an element reducer that runs on the element of an identified collection named by an
  /// action, before this reducer runs.
  ///
  /// ```swift
  /// ListReducer()
  ///   .forEach(\.products, action: { action in
  ///     if case let .product(id, action) = action { (id, action) } else { nil }
  ///   }) {
  ///     ProductReducer()
  ///   }
  /// ```
  ///
  /// An action naming an id that is not in the collection changes nothing and is reported as an
  /// issue (a test failure under test, a warning otherwise).
  ///
  /// - Parameters:
  ///   - elements: Where the identified collection lives in this reducer's state.
  ///   - action: Extracts an element's id and action from an action, or `nil` for other actions.
  ///   - effect: Embeds an element's effects in this reducer's effect type.
  ///   - element: The element reducer.
  public func forEach<ID: Hashable & Sendable, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, Element.State>> & Sendable,
    action: @escaping @Sendable (Action) -> (id: ID, action: Element.Action)?,
    effect: @escaping @Sendable (ID, Element.Effect) -> Effect,
    element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> {
    ForEachReducer(
      parent: self,
      toElements: elements,
      toElementAction: action,
      fromElementEffect: effect,
      element: element()
    )
  }

  /// Embeds an element reducer whose effects are this reducer's; see
  /// ``forEach(_:action:effect:element:)``.
  public func forEach<ID: Hashable & Sendable, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ID, Element.State>> & Sendable,
    action: @escaping @Sendable (Action) -> (id: ID, action: Element.Action)?,
    element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> where Element.Effect == Effect {
    forEach(elements, action: action, effect: { _, effect in effect }, element: element)
  }
}
