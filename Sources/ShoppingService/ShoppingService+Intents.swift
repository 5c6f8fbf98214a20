import ShoppingCore
import ShoppingStorage

// MARK: - Changing one list

extension ShoppingService {
  /// Runs `intent` on the list `name` in one write transaction: loads what the intent needs
  /// (only the items it names, for the intents on single items, so their cost does not grow
  /// with the list), resolves its references, sends its actions, and commits; any failure
  /// rolls everything back.
  ///
  /// - Parameters:
  ///   - intent: What to do.
  ///   - name: The list, or `nil` for the default list (see
  ///     `ShoppingCore/ShoppingState/defaultList`). The list named "shopping" is created
  ///     when missing, and so is any list when `creatingIfMissing` (what `add` and imports do).
  ///   - creatingIfMissing: Whether a missing list is created rather than refused.
  ///   - returningCompleteList: Whether ``ListOutcome/list`` must hold every item (for a list
  ///     document), not only the ones the intent named.
  ///   - label: What history calls the change (the command as typed, `web: check Milk`);
  ///     by default the intent's own description.
  /// - Returns: The list after the change and what happened to each item named.
  /// - Throws: `ShoppingCore/ShoppingError` for a bad name, value or reference,
  ///   ``PreconditionFailure`` when a ``ListIntent/conditional(_:_:)`` intent's item is no
  ///   longer as required (nothing changed in either case), `ShoppingStorage/DatabaseError`
  ///   for the database's failures.
  @discardableResult
  public func perform(
    _ intent: ListIntent, onList name: String?, creatingIfMissing: Bool = false,
    returningCompleteList: Bool = false, label: String? = nil
  ) throws -> ListOutcome {
    try perform(
      intent, onList: name, creatingIfMissing: creatingIfMissing,
      returningCompleteList: returningCompleteList,
      labelling: { _ in label ?? intent.description }
    )
  }

  /// ``perform(_:onList:creatingIfMissing:returningCompleteList:label:)`` with the history
  /// entry's label made from the outcome: `web: check Milk` names the item a request gave by
  /// its id.
  ///
  /// - Parameters:
  ///   - intent: The change or reading asked for.
  ///   - name: The list, or `nil` for the default list.
  ///   - creatingIfMissing: Whether a list of that name that does not exist yet is created.
  ///   - returningCompleteList: Whether the outcome must hold the whole list.
  ///   - numberingItems: Whether ``ListOutcome/positions`` must number the items the intent
  ///     named, read from storage without loading the list: for an answer that gives the
  ///     changed item alone.
  ///   - member: The member of the household making the change, if one is: the history entry
  ///     names them (`ShoppingCore/HistoryEntry/by`).
  ///   - label: Makes the history entry's label from the outcome.
  @discardableResult
  public func perform(
    _ intent: ListIntent, onList name: String?, creatingIfMissing: Bool = false,
    returningCompleteList: Bool = false, numberingItems: Bool = false, by member: String? = nil,
    labelling label: (ListOutcome) -> String
  ) throws -> ListOutcome {
    let work = try applying(
      intent, onList: name, creatingIfMissing: creatingIfMissing,
      returningCompleteList: returningCompleteList, numberingItems: numberingItems)
    let (outcome, entry) = try journaledWriteNumbered(
      labelling: label, by: member, listNames: Self.changedListName, work)
    return outcome.recorded(as: entry)
  }

  /// ``perform(_:onList:creatingIfMissing:returningCompleteList:numberingItems:by:labelling:)``
  /// from a task: the storage may have the change wait for its turn without a thread (a
  /// server's requests write this way).
  public func perform(
    _ intent: ListIntent, onList name: String?, creatingIfMissing: Bool = false,
    returningCompleteList: Bool = false, numberingItems: Bool = false, by member: String? = nil,
    labelling label: @escaping @Sendable (ListOutcome) -> String
  ) async throws -> ListOutcome {
    let work = try applying(
      intent, onList: name, creatingIfMissing: creatingIfMissing,
      returningCompleteList: returningCompleteList, numberingItems: numberingItems)
    let (outcome, entry) = try await journaledWriteNumbered(
      labelling: label, by: member, listNames: Self.changedListName, work)
    return outcome.recorded(as: entry)
  }

  /// The one list an intent changes is the outcome's, as it is now.
  @Sendable private static func changedListName(_ outcome: ListOutcome) -> [ShoppingList.ID: String]
  {
    [outcome.list.id: outcome.list.name]
  }

  /// The work of `intent` on the list named `name`, in a write transaction.
  ///
  /// - Throws: ``ShoppingCore/ShoppingError`` at once when `name` is not a valid name.
  private func applying(
    _ intent: ListIntent, onList name: String?, creatingIfMissing: Bool,
    returningCompleteList: Bool, numberingItems: Bool
  ) throws -> @Sendable (any StorageTransaction) throws -> ListOutcome {
    let listName = try name.map(Naming.name)
    let stores = stores
    return { repository in
      var plan = LoadPlan(intent)
      if returningCompleteList { plan.everything = true }
      let session = try ListSession.open(
        listName, plan: plan, creatingIfMissing: creatingIfMissing, stores: stores,
        repository: repository
      )
      let items = try session.apply(intent)
      try repository.rememberLeaving(items.compactMap { $0.after == nil ? $0.before : nil })
      let list = try session.list
      // Loaded whole from the start when asked for, so no row is read twice; only a list
      // the intent created is complete without having been read.
      let complete = returningCompleteList && !list.isLoaded ? try repository.loadList(list) : list
      // The next change asking for the whole list finds it without reading it again.
      repository.keepLoaded(complete)
      var outcome = ListOutcome(list: complete, items: items, effects: session.effects)
      if numberingItems, !complete.isLoaded {
        outcome.positions = try repository.positions(
          of: items.compactMap { $0.after?.id }, inList: complete.id)
      }
      return outcome
    }
  }
}

/// What of a list an intent needs loaded.
struct LoadPlan {
  /// Every item in order: for intents that reorder or change every item.
  var everything: Bool
  /// The references to resolve.
  var references: [ItemReference]
  /// Names that may be added or given, whose items must be known.
  var names: [String]
  /// Whether the intent needs the shops.
  var shops = false

  init(_ intent: ListIntent) {
    switch intent {
    case let .add(items):
      self.init(everything: false, references: [], names: items.map(\.name))
    case let .edit(reference, name, _):
      self.init(everything: false, references: [reference], names: name.map { [$0] } ?? [])
    case let .move(reference, _):
      self.init(everything: true, references: [reference], names: [])
    case let .remove(references), let .set(_, references):
      self.init(everything: false, references: references, names: [])
    case let .rename(reference, name):
      self.init(everything: false, references: [reference], names: [name])
    case let .conditional(intent, _):
      self.init(intent)
    case .clearChecked, .resetChecks, .sort:
      self.init(everything: true, references: [], names: [])
    case .sortByAisle:
      self.init(everything: true, references: [], names: [], shops: true)
    }
  }

  init(
    everything: Bool, references: [ItemReference], names: [String], shops: Bool = false
  ) {
    self.everything = everything
    self.references = references
    self.names = names
    self.shops = shops
  }
}
