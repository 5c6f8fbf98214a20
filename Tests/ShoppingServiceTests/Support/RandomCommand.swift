import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingService

/// A command a user may give, drawn at random from few names so that they meet: the same
/// items and lists again and again, names that differ only in case, positions past the end.
enum RandomCommand: CustomStringConvertible {
  case intent(ListIntent, list: String)
  case createList(String)
  case renameList(String, to: String)
  case deleteList(String)
  case makeDefault(String)
  case undo(Int?)
  case redo

  static let lists = ["shopping", "Groceries", "Hardware", "party", "Party"]
  static let items = ["milk", "Milk", "eggs", "bread", "tea", "Äpfel", "äpfel"]

  /// A command, or one of a few undos and redos; `newest` is the newest entry's number.
  static func random(_ random: inout SplitMix64, newest: Int) -> RandomCommand {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    func reference() -> ItemReference {
      random.next() % 4 == 0 ? .typed(String(random.next() % 4 + 1)) : .typed(pick(items))
    }
    // Mostly two lists, so that commands, undos and redos meet on them.
    let list = random.next() % 3 == 0 ? pick(lists) : pick(["shopping", "Groceries"])
    switch random.next() % 20 {
    case 0, 1, 2:
      let names = random.next() % 3 == 0 ? [pick(items), pick(items)] : [pick(items)]
      return .intent(.add(names: names, changes: changes(&random)), list: list)
    case 3: return .intent(.set(.checked, items: [reference()]), list: list)
    case 4: return .intent(.set(.unchecked, items: [reference()]), list: list)
    case 5: return .intent(.set(.toggled, items: [reference(), reference()]), list: list)
    case 6:
      let name = random.next() % 3 == 0 ? pick(items) : nil
      return .intent(.edit(reference(), name: name, changes: changes(&random)), list: list)
    case 7: return .intent(.rename(reference(), to: pick(items)), list: list)
    case 8: return .intent(.remove([reference()]), list: list)
    case 9: return .intent(random.next() % 2 == 0 ? .clearChecked : .resetChecks, list: list)
    case 10:
      return .intent(.move(reference(), toPosition: Int(random.next() % 4) + 1), list: list)
    case 11: return .intent(.sort(pick(ProductOrder.allCases)), list: list)
    case 12: return .createList(list)
    case 13: return .renameList(list, to: pick(lists))
    case 14: return random.next() % 2 == 0 ? .deleteList(list) : .makeDefault(list)
    case 15, 16: return .undo(nil)
    case 17:
      // Mostly one of the last few entries; now and then any, or one that is not there.
      let back = random.next() % 4 == 0 ? Int(random.next() % UInt64(newest + 2)) : newest
      return .undo(back - Int(random.next() % 4))
    default: return .redo
    }
  }

  /// No change, or one field set or cleared.
  static func changes(_ random: inout SplitMix64) -> ProductChanges {
    switch random.next() % 6 {
    case 0: (try? ProductChanges(quantity: "2")) ?? .none
    case 1: (try? ProductChanges(unit: random.next() % 2 == 0 ? "l" : "")) ?? .none
    case 2: (try? ProductChanges(category: random.next() % 2 == 0 ? "dairy" : "bakery")) ?? .none
    case 3: (try? ProductChanges(note: "fresh")) ?? .none
    default: .none
    }
  }

  /// Runs the command through the service; for an undo or a redo, the number of the entry
  /// it says it took back or re-applied.
  func run(on service: ShoppingService) throws -> Int? {
    switch self {
    case let .intent(intent, list):
      if case .add = intent {
        try service.perform(intent, onList: list, creatingIfMissing: true)
      } else {
        try service.perform(intent, onList: list)
      }
    case let .createList(name): try service.createList(named: name)
    case let .renameList(old, new): try service.renameList(named: old, to: new)
    case let .deleteList(name): try service.deleteList(named: name, force: true)
    case let .makeDefault(name): try service.makeDefault(listNamed: name)
    case let .undo(id): return try service.undo(id).undone.id
    case .redo: return try service.redo().redone.id
    }
    return nil
  }

  var description: String {
    switch self {
    case let .intent(intent, list): "\(intent) --list \(list)"
    case let .createList(name): "lists create \(name)"
    case let .renameList(old, new): "lists rename \(old) \(new)"
    case let .deleteList(name): "lists delete \(name) --force"
    case let .makeDefault(name): "lists default \(name)"
    case let .undo(id): "undo" + (id.map { " \($0)" } ?? "")
    case .redo: "redo"
    }
  }
}
