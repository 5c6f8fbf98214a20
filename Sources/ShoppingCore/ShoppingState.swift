import IdentifiedCollections

/// The state of the whole app: the lists it knows, and the import in progress if any.
///
/// A command loads only what it needs: every list by name (cheap) and the products of the
/// lists it works on (see ``ShoppingList/isLoaded``).
public struct ShoppingState: Equatable, Sendable {
  /// The known lists, in the order they were created.
  public internal(set) var lists: IdentifiedArrayOf<ShoppingList>
  /// The import being applied, or the last one finished.
  public internal(set) var importProgress: ImportProgress?

  /// Creates a state.
  public init(lists: IdentifiedArrayOf<ShoppingList> = [], importProgress: ImportProgress? = nil) {
    self.lists = lists
    self.importProgress = importProgress
  }

  /// The list with this name under normalised comparison, if any.
  public func list(named name: String) -> ShoppingList? {
    let key = NameKey(lookingUp: name)
    return lists.first { Naming.key($0.name) == key }
  }
}
