import Foundation
import ShoppingCore

extension NameKeyFolding {
  /// The renames of ``NameKeyFolding``, as they apply to the versions of items and lists that
  /// history records keep.
  struct HistoryRenames {
    var products: [UUID: Rename]
    var lists: [UUID: Rename]

    var isEmpty: Bool { products.isEmpty && lists.isEmpty }

    /// `record` with every version of a renamed item or list renamed: its before-images, and
    /// the names its steps wrote.
    func applied(to record: ChangeRecord) -> ChangeRecord {
      var record = record
      for (id, stored) in record.products where products[id] != nil {
        record.products[id]?.product = renamed(stored.product)
      }
      for id in record.lists.keys {
        guard var list = record.lists[id] else { continue }
        list.name = renamed(list.name, lists[id])
        list.products = list.products.map { stored in
          var stored = stored
          stored.product = renamed(stored.product)
          return stored
        }
        record.lists[id] = list
      }
      record.steps = record.steps.map(renamed)
      return record
    }

    private func renamed(_ step: ChangeRecord.Step) -> ChangeRecord.Step {
      guard case let .executed(effect) = step else { return step }
      switch effect {
      case let .insertList(id, name, createdAt):
        let name = renamed(name, lists[id])
        return .executed(.insertList(id: id, name: name, createdAt: createdAt))
      case let .renameList(id, name):
        return .executed(.renameList(id, to: renamed(name, lists[id])))
      case let .updateProduct(product):
        return .executed(.updateProduct(renamed(product)))
      default:
        return step
      }
    }

    private func renamed(_ product: Product) -> Product {
      var product = product
      product.name = renamed(product.name, products[product.id])
      return product
    }

    /// `name`, a version of a row the step renamed, as it is to be now: a name that compares
    /// equal to the one the row had is numbered as the row was (keeping its own spelling);
    /// any other name stays.
    private func renamed(_ name: String, _ rename: Rename?) -> String {
      guard let rename, ShoppingRepository.key(name) == ShoppingRepository.key(rename.from)
      else { return name }
      let numbered = NameKeyFolding.numbered(name, rename.number)
      return ShoppingRepository.key(numbered) == ShoppingRepository.key(rename.to)
        ? numbered : rename.to
    }
  }
}
