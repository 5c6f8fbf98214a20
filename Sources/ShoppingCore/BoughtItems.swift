/// The items bought before, as history remembers them, for suggestions while adding: one per
/// name (compared as names are), with the name and amount it was last bought with and how
/// many times it was bought.
///
/// Fed with changes newest first. A product's purchase is its check; a product removed while
/// checked whose check history no longer holds (it was added checked, or its check is past
/// the history's length) counts once.
///
/// ```swift
/// var bought = BoughtItems()
/// for record in newestFirst { bought.add(record) }
/// bought.items   // most often bought first
/// ```
public struct BoughtItems: Sendable {
  /// One item bought before.
  public struct Item: Equatable, Sendable {
    /// Its name, as last bought.
    public var name: String
    /// The quantity last bought.
    public var quantity: Quantity
    /// The unit last bought, if any.
    public var unit: String?
    /// The category it last had, if any.
    public var category: String?
    /// How many times it was bought.
    public var times: Int
  }

  /// Each purchase seen, newest first.
  private var events: [(product: Product, isRemoval: Bool)] = []

  /// No purchases yet.
  public init() {}

  /// Adds the purchases of `record`, a change older than every one added before.
  public mutating func add(_ record: ChangeRecord) {
    let (checked, removed) = record.purchases
    // Within one change a removal comes after the check it follows.
    events += removed.map { ($0, true) } + checked.reversed().map { ($0, false) }
  }

  /// The items, most often bought first, then the most recently bought.
  public var items: [Item] {
    let checkedIDs = Set(events.filter { !$0.isRemoval }.map(\.product.id))
    var order: [NameKey] = []
    var found: [NameKey: Item] = [:]
    for (product, isRemoval) in events where !isRemoval || !checkedIDs.contains(product.id) {
      let key = NameKey(lookingUp: product.name)
      if found[key] != nil {
        found[key]?.times += 1
      } else {
        order.append(key)
        found[key] = Item(
          name: product.name, quantity: product.quantity, unit: product.unit,
          category: product.category, times: 1)
      }
    }
    let recency = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    return order.sorted { a, b in
      let (x, y) = (found[a]?.times ?? 0, found[b]?.times ?? 0)
      return x != y ? x > y : (recency[a] ?? 0) < (recency[b] ?? 0)
    }.compactMap { found[$0] }
  }
}
