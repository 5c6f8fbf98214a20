import Composable

/// The logic of one product: checking, unchecking and editing its fields.
///
/// An action that changes nothing (checking a checked item, an edit to the same values) returns
/// no effects and leaves `updatedAt` alone; any other moves it (see
/// `Product/markChanged(at:)`).
public struct ProductReducer: Reducer, Sendable {
  let environment: ShoppingEnvironment

  /// Creates the reducer.
  public init(environment: ShoppingEnvironment) {
    self.environment = environment
  }

  public func reduce(into product: inout Product, action: ProductAction) -> [PersistenceEffect] {
    var changed = product
    switch action {
    case .checked:
      changed.isChecked = true
    case let .edited(changes):
      changed.apply(changes)
    case .toggled:
      changed.isChecked.toggle()
    case .unchecked:
      changed.isChecked = false
    }
    guard changed != product else { return [] }
    changed.markChanged(at: environment.now())
    product = changed
    return [.updateProduct(product)]
  }
}
