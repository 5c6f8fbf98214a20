import ShoppingCore
import ShoppingStorage

// MARK: - Suggestions

extension ShoppingService {
  /// How many suggestions ``suggestions(matching:notOn:limit:)`` gives unless told.
  public static let suggestionLimit = 20

  /// Items the household has had before — on another list now, or remembered once they left
  /// one, bought or not (see `ShoppingCore/RememberedItem`) — whose names contain `text`,
  /// compared as ``find(_:)`` compares (case and accents ignored), that are not on the list
  /// `list` now: one per name, most often had first, then the most recently changed, each with
  /// the fields it last had; read from one snapshot.
  ///
  /// - Throws: `ShoppingCore/ShoppingError/noSuchList(_:)`, or the database's error.
  public func suggestions(
    matching text: String, notOn list: String, limit: Int = suggestionLimit
  ) throws -> [RememberedItem] {
    let (items, listed) = try readList(named: list) { repository, header in
      var items = try repository.rememberedItems(named: nil)
      var listed: Set<NameKey> = []
      for other in try repository.loadState(loadingLists: []).lists {
        try repository.forEachProduct(inList: other.id) { product in
          if other.id == header.id {
            listed.insert(NameKey(lookingUp: product.name))
          } else {
            items.append(RememberedItem(product))
          }
        }
      }
      return (items, listed)
    }
    let needle = Self.folded(text)
    return Array(
      RememberedItem.merged(items).lazy.filter { item in
        !listed.contains(item.key) && (needle.isEmpty || Self.folded(item.name).contains(needle))
      }.prefix(max(0, limit)))
  }
}
