import ShoppingCore

/// What a front end asks of one list: the command line's commands, the server's requests, an
/// embedding program's calls. `ShoppingService/perform(_:onList:creatingIfMissing:returningCompleteList:)`
/// runs it in one transaction.
///
/// ```swift
/// try service.perform(.add(names: ["Milk"], changes: .none), onList: "shopping")
/// try service.perform(.set(.checked, items: [.typed("milk")]), onList: "shopping")
/// ```
public enum ListIntent: Equatable, Sendable {
  /// Add items, each with its own fields; one already on the list is unchecked and updated
  /// with its changes instead.
  case add([NewItem])
  /// Remove every checked item.
  case clearChecked
  /// Another intent, applied only if the items it names satisfy the precondition; see
  /// ``only(if:)``.
  indirect case conditional(ListIntent, ItemPrecondition)
  /// Change some fields of an item, and its name if `name` is given.
  case edit(ItemReference, name: String?, changes: ProductChanges)
  /// Move an item to a 1-based position.
  case move(ItemReference, toPosition: Int)
  /// Remove items.
  case remove([ItemReference])
  /// Rename an item.
  case rename(ItemReference, to: String)
  /// Uncheck every item.
  case resetChecks
  /// Do the same to each of some items (check, uncheck, toggle, edit).
  case set(ProductAction, items: [ItemReference])
  /// Reorder the list for good.
  case sort(ProductOrder)
  /// Reorder the list for good in a shop's order (see `ShoppingCore/ShopOrder`): the shop
  /// named, else the list's own shop, else the default shop.
  case sortByAisle(shop: String?)
}

/// How a front end names an item: as a person typed it, or by its id.
public enum ItemReference: Hashable, Sendable {
  /// A number (its position), a name, or the start of one name: see
  /// `ShoppingCore/ProductReference`.
  case typed(String)
  /// The item's id, as the JSON documents give it.
  case id(Product.ID)
}

/// What an intent did to one list.
public struct ListOutcome: Equatable, Sendable {
  /// The list after the change: complete when asked for, else as much of it as the intent
  /// loaded.
  public var list: ShoppingList
  /// The items the intent named, each once, in the order named: as they were and as they
  /// are (`nil` for an item that was not there, or is not any more).
  public var items: [ItemChange]
  /// The persistence work the intent did.
  public var effects: [PersistenceEffect]
  /// The number of the history entry that records the change, `nil` when nothing changed.
  public var entry: Int?
  /// The 1-based positions, after the change, of the items it named that are on the list,
  /// when asked for (`ShoppingService/perform(_:onList:creatingIfMissing:returningCompleteList:numberingItems:by:labelling:)`);
  /// a complete ``list`` numbers every item anyway.
  public var positions: [Product.ID: Int] = [:]

  /// Creates an outcome.
  public init(
    list: ShoppingList, items: [ItemChange], effects: [PersistenceEffect], entry: Int? = nil
  ) {
    self.list = list
    self.items = items
    self.effects = effects
    self.entry = entry
  }

  /// The outcome, with the number of the history entry that recorded it.
  func recorded(as entry: Int?) -> ListOutcome {
    var recorded = self
    recorded.entry = entry
    return recorded
  }
}

/// One item before and after an intent.
public struct ItemChange: Equatable, Sendable {
  /// The item before, or `nil` when the intent added it.
  public var before: Product?
  /// The item after, or `nil` when the intent removed it.
  public var after: Product?

  /// Creates a change.
  public init(before: Product?, after: Product?) {
    self.before = before
    self.after = after
  }

  /// Whether the intent changed the item at all.
  public var changed: Bool { before != after }
}

extension ListIntent {
  /// An item to add: its name and the fields it is given.
  public struct NewItem: Equatable, Sendable {
    /// The name, as the user wrote it.
    public var name: String
    /// The fields it is given (an item already there is updated with them).
    public var changes: ProductChanges

    /// An item to add.
    public init(name: String, changes: ProductChanges) {
      self.name = name
      self.changes = changes
    }
  }

  /// Add items, all with the same fields; one already on the list is unchecked and updated
  /// with `changes` instead.
  public static func add(names: [String], changes: ProductChanges) -> ListIntent {
    .add(names.map { NewItem(name: $0, changes: changes) })
  }
}

extension ListIntent: CustomStringConvertible {
  /// The intent as a command would say it: `add Milk`, `check milk`, `sort --by name`.
  public var description: String {
    switch self {
    case let .add(items): "add " + items.map(\.name).joined(separator: " ")
    case .clearChecked: "clear"
    case let .conditional(intent, _): intent.description
    case let .edit(reference, name, _): "edit \(reference)" + (name.map { " --name \($0)" } ?? "")
    case let .move(reference, position): "move \(reference) \(position)"
    case let .remove(references): "remove " + references.map(\.description).joined(separator: " ")
    case let .rename(reference, name): "rename \(reference) \(name)"
    case .resetChecks: "reset"
    case let .set(action, references):
      "\(action.verb) " + references.map(\.description).joined(separator: " ")
    case let .sort(order): "sort --by \(order.rawValue)"
    case let .sortByAisle(shop): "sort --by aisle" + (shop.map { " --shop \($0)" } ?? "")
    }
  }
}

extension ItemReference: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .typed(text): text
    case let .id(id): id.uuidString
    }
  }
}

extension ProductAction {
  /// The command that asks for it.
  var verb: String {
    switch self {
    case .checked: "check"
    case .edited: "edit"
    case .toggled: "toggle"
    case .unchecked: "uncheck"
    }
  }
}
