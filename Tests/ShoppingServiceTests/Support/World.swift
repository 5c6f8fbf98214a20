import Foundation
import ShoppingCore
import ShoppingService

/// Everything a user can tell about a database: its lists in their order, each with its
/// creation time and its items in order (every field, timestamps included), and the list
/// marked the default.
struct World: Equatable, CustomStringConvertible {
  struct List: Equatable {
    var id: UUID
    var name: String
    var createdAt: Date
    var items: [Product]
  }

  var lists: [List] = []
  var marked: UUID?

  /// The database as it is, read in one read transaction.
  static func read(_ service: ShoppingService) throws -> World {
    try service.storage.read { repository in
      let names = try repository.listSummaries().map(\.name)
      let state = try repository.loadState(loadingListsNamed: names)
      return World(
        lists: state.lists.map {
          List(id: $0.id, name: $0.name, createdAt: $0.createdAt, items: Array($0.products))
        },
        marked: try repository.storedDefaultList()
      )
    }
  }

  /// The world without the lists made between `earlier` and `later` (in `later` but not in
  /// `earlier`) that are named `shopping`, empty and unmarked now: that list exists as soon
  /// as anything looks for it, so undoing the change that made it empties it rather than
  /// deleting it.
  func withoutDefaultListsMade(from earlier: World, to later: World) -> World {
    let made = Set(later.lists.map(\.id)).subtracting(earlier.lists.map(\.id))
    var world = self
    world.lists.removeAll {
      made.contains($0.id) && $0.items.isEmpty && $0.id != marked
        && NameKey(lookingUp: $0.name) == NameKey(lookingUp: ShoppingService.defaultListName)
    }
    return world
  }

  /// Each item by id, with its list.
  var items: [UUID: Placed] {
    var items: [UUID: Placed] = [:]
    for list in lists {
      for product in list.items { items[product.id] = Placed(list: list.id, product: product) }
    }
    return items
  }

  /// An item and the list it is in.
  struct Placed: Equatable {
    var list: UUID
    var product: Product
  }

  /// Each list by id, without its items.
  var headers: [UUID: Header] {
    Dictionary(
      uniqueKeysWithValues: lists.map { ($0.id, Header(name: $0.name, createdAt: $0.createdAt)) })
  }

  struct Header: Equatable {
    var name: String
    var createdAt: Date
  }

  /// The ids of the list's items in order, or `nil` when there is no such list.
  func order(of list: UUID) -> [UUID]? {
    lists.first { $0.id == list }?.items.map(\.id)
  }

  var description: String {
    lists.map { list in
      let mark = list.id == marked ? " (default)" : ""
      let items = list.items.map { item in
        "\(item.name)\(item.isChecked ? " ✓" : "") \(item.quantity)"
          + [item.unit, item.category, item.note].compactMap { $0 }.map { " \($0)" }.joined()
          + " @\(Int(item.updatedAt.timeIntervalSince1970) % 10_000)"
      }
      return "\(list.name)\(mark) @\(Int(list.createdAt.timeIntervalSince1970) % 10_000): "
        + items.joined(separator: ", ")
    }.joined(separator: " | ")
  }
}
