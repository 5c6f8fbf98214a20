import IdentifiedCollections
import IssueReporting

/// Runs an element reducer on one element of an identified collection, picked by id, and then
/// the parent reducer. Built with ``Reducer/forEach(_:action:effect:element:)``.
///
/// Finding the element is O(1) and it is mutated in place, so an element action costs the same
/// on a collection of ten elements as on one of a million.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  /// Runs its body on the collection, in place in the parent's state.
  public typealias Elements =
    @Sendable (
      inout Parent.State, (inout IdentifiedArray<ID, Element.State>) throws -> [Parent.Effect]
    ) throws -> [Parent.Effect]

  let parent: Parent
  let elements: Elements
  let toElementAction: @Sendable (Parent.Action) -> (id: ID, action: Element.Action)?
  let fromElementEffect: @Sendable (ID, Element.Effect) -> Parent.Effect
  let element: Element

  public func reduce(into state: inout Parent.State, action: Parent.Action) throws
    -> [Parent.Effect]
  {
    var effects: [Parent.Effect] = []
    if let (id, elementAction) = toElementAction(action) {
      effects = try elements(&state) { elements in
        guard let index = elements.index(id: id) else {
          // Not a crash: a late action for an element that is gone is a bug worth hearing
          // about, never a reason to take the program down.
          reportIssue(
            """
            An element action was sent for an element that is not in the collection.

              Action: \(elementAction)
              ID: \(id)
            """
          )
          return []
        }
        return try element.reduce(into: &elements[index], action: elementAction)
          .map { fromElementEffect(id, $0) }
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
    forEach(
      in: { state, body in try body(&state[keyPath: elements]) }, action: action,
      effect: effect, element: element)
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

  /// ``forEach(_:action:effect:element:)`` with the collection reached by a function that
  /// runs its body on it in place, instead of a key path.
  ///
  /// ```swift
  /// ListReducer()
  ///   .forEach(in: { list, body in try body(&list.products) }, action: { action in
  ///     if case let .product(id, action) = action { (id, action) } else { nil }
  ///   }) {
  ///     ProductReducer()
  ///   }
  /// ```
  ///
  /// For a reducer a short-lived process runs once: a key path into a generic collection is
  /// made by the Swift run time the first time it is used, which resolves the collection's
  /// type by name and checks its `Hashable` id by scanning every protocol conformance of the
  /// executable — a noticeable part of a command that runs for a few milliseconds. A function
  /// is compiled with its types known.
  public func forEach<ID: Hashable & Sendable, Element: Reducer>(
    in elements: @escaping ForEachReducer<Self, ID, Element>.Elements,
    action: @escaping @Sendable (Action) -> (id: ID, action: Element.Action)?,
    effect: @escaping @Sendable (ID, Element.Effect) -> Effect,
    element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> {
    ForEachReducer(
      parent: self,
      elements: elements,
      toElementAction: action,
      fromElementEffect: effect,
      element: element()
    )
  }

  /// ``forEach(in:action:effect:element:)`` for an element reducer whose effects are this
  /// reducer's.
  public func forEach<ID: Hashable & Sendable, Element: Reducer>(
    in elements: @escaping ForEachReducer<Self, ID, Element>.Elements,
    action: @escaping @Sendable (Action) -> (id: ID, action: Element.Action)?,
    element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> where Element.Effect == Effect {
    forEach(in: elements, action: action, effect: { _, effect in effect }, element: element)
  }
}
