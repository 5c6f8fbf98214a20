extension ChangeRecord {
  /// What the change did, per list, in the list order of `names` (then lists named only by the
  /// change): `shopping: 120 added, 3 updated; party: created`.
  ///
  /// - Parameter names: The lists' current names; lists the change deleted or renamed are
  ///   named as the change knew them.
  public func summary(listNames names: [ShoppingList.ID: String]) -> String {
    var summary = ChangeSummary()
    summary.add(self)
    return summary.text(listNames: names)
  }
}

/// What a change did, per list, counted from its record part by part: a large change's
/// record is stored in parts (see ``ChangeRecord/append(_:)``), and its summary is made
/// without holding them all at once.
///
/// ```swift
/// var summary = ChangeSummary()
/// for part in parts { summary.add(part) }
/// let text = summary.text(listNames: names)   // "shopping: 120 added, 3 updated"
/// ```
///
/// An item added by the change and updated by it counts as added only when both happened in
/// the same part.
public struct ChangeSummary: Equatable, Sendable {
  private var order: [ShoppingList.ID] = []
  private var counts: [ShoppingList.ID: Tally] = [:]
  private var notes: [ShoppingList.ID: [String]] = [:]
  private var settingNotes: [String] = []
  /// The names the records gave the lists they renamed or deleted, the earliest kept.
  private var knownNames: [ShoppingList.ID: String] = [:]
  /// The names shops had in the records, the latest kept.
  private var shopNames: [Shop.ID: String] = [:]
  /// The note of each shop the records made, by its place among the notes.
  private var madeShops: [Shop.ID: Int] = [:]
  /// Whether no record added had a step.
  public private(set) var isEmpty = true

  /// A summary of nothing.
  public init() {}

  /// Counts what `record` did, after what was added before.
  public mutating func add(_ record: ChangeRecord) {
    if !record.steps.isEmpty { isEmpty = false }
    for (id, list) in record.lists where knownNames[id] == nil { knownNames[id] = list.name }
    // A run of items added to one list (an import's rows) is counted at once when it ends:
    // one lookup of the list's tally per run rather than per item.
    var run: (list: ShoppingList.ID, added: Int)?
    for step in record.steps {
      if case let .added(_, listID) = step, run?.list == listID {
        run?.added += 1
        continue
      }
      if let ended = run {
        countAdded(ended.added, to: ended.list)
        run = nil
      }
      if case let .added(_, listID) = step {
        run = (listID, 1)
        continue
      }
      let effect: PersistenceEffect
      switch step {
      case .added:
        continue
      case let .restored(id, listID):
        count(.restored, listID, id)
        continue
      case let .executed(executed):
        effect = executed
      }
      switch effect {
      case let .deleteList(id): note("deleted", id)
      case let .deleteProducts(ids):
        for id in ids { count(.removed, record.products[id]?.listID ?? record.addedTo[id], id) }
      case let .insertList(id, _, _), let .restoreList(id, _, _, _): note("created", id)
      case let .renameList(id, name):
        note("renamed from \(record.lists[id]?.name ?? "?") to \(name)", id)
      case let .reorderProducts(listID, _): note("reordered", listID)
      case .insertProduct, .restoreProduct: break  // recorded as steps of their own, above
      case let .setDefaultList(id?): note("made the default", id)
      case .setDefaultList(nil): break  // goes with the default list's deletion
      case let .setShopOrder(categories):
        settingNotes.append(
          categories.isEmpty
            ? "shop order forgotten" : "shop order: " + categories.joined(separator: ", ")
        )
      case .reorderLists:
        settingNotes.append("lists reordered")
      case let .insertShop(id, name):
        shopNames[id] = name
        madeShops[id] = settingNotes.count
        settingNotes.append("shop \(DisplayText.quoted(name)) made")
      case let .restoreShop(id, name, _, _):
        shopNames[id] = name
        settingNotes.append("shop \(DisplayText.quoted(name)) brought back")
      case let .deleteShop(id):
        settingNotes.append("shop \(shopName(id, record)) deleted")
      case let .renameShop(id, name):
        settingNotes.append("shop \(shopName(id, record)) renamed to \(DisplayText.quoted(name))")
        shopNames[id] = name
      case let .setAisles(id, categories):
        let aisles = categories.isEmpty ? "forgotten" : categories.joined(separator: ", ")
        if let made = madeShops[id] {
          settingNotes[made] += " with aisles: " + aisles
        } else {
          settingNotes.append("\(shopName(id, record)) aisles: " + aisles)
        }
      case let .setDefaultShop(id?):
        // The first shop made is the default: its making says enough.
        if madeShops[id] == nil {
          settingNotes.append("shop \(shopName(id, record)) made the default")
        }
      case .setDefaultShop(nil): break  // goes with the last shop's deletion
      case let .setListShop(listID, shop?):
        note("bought at \(shopName(shop, record))", listID)
      case let .setListShop(listID, nil):
        // A list left by its deleted shop says so with the shop.
        if !record.steps.contains(where: Self.deletesAShop) { note("shop cleared", listID) }
      case let .updateProduct(product):
        // An item added by the same change counts as added only.
        if record.addedTo[product.id] == nil {
          count(.updated, record.products[product.id]?.listID, product.id)
        }
      }
    }
    if let ended = run { countAdded(ended.added, to: ended.list) }
  }

  /// The summary in words, per list: `shopping: 120 added, 3 updated; party: created`.
  ///
  /// - Parameter names: The lists' current names; lists the change deleted or renamed are
  ///   named as the change knew them.
  public func text(listNames names: [ShoppingList.ID: String]) -> String {
    let perList = order.map { list in
      let name = names[list] ?? knownNames[list] ?? "?"
      let parts = (notes[list] ?? []) + (counts[list]?.parts ?? [])
      return "\(name): " + parts.joined(separator: ", ")
    }
    return (perList + settingNotes).joined(separator: "; ")
  }

  private mutating func count(_ word: Tally.Word, _ list: ShoppingList.ID?, _ product: Product.ID) {
    guard let list else { return }
    if counts[list] == nil, notes[list] == nil { order.append(list) }
    counts[list, default: Tally()].count(word, product)
  }

  private mutating func countAdded(_ added: Int, to list: ShoppingList.ID) {
    if counts[list] == nil, notes[list] == nil { order.append(list) }
    counts[list, default: Tally()].added += added
  }

  private mutating func shopName(_ id: Shop.ID, _ record: ChangeRecord) -> String {
    if let name = shopNames[id] ?? record.shops[id]?.name {
      shopNames[id] = name
      return DisplayText.quoted(name)
    }
    return "a shop"
  }

  private static func deletesAShop(_ step: ChangeRecord.Step) -> Bool {
    if case .executed(.deleteShop) = step { true } else { false }
  }

  private mutating func note(_ text: String, _ list: ShoppingList.ID) {
    if counts[list] == nil, notes[list] == nil { order.append(list) }
    notes[list, default: []].append(text)
  }
}

/// The items a change added, updated, removed and restored in one list.
private struct Tally: Equatable, Sendable {
  enum Word { case updated, removed, restored }

  // A product is added, removed or restored at most once in one change, so those are counts;
  // it may be updated many times (an import naming it twice) and is counted once.
  var added = 0
  var updated: Set<Product.ID> = []
  var removed = 0
  var restored = 0

  mutating func count(_ word: Word, _ product: Product.ID) {
    switch word {
    case .updated: updated.insert(product)
    case .removed: removed += 1
    case .restored: restored += 1
    }
  }

  /// `120 added, 3 updated`: the words with a count, in that order.
  var parts: [String] {
    [(added, "added"), (updated.count, "updated"), (removed, "removed"), (restored, "restored")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
  }
}
