/// A plain model of what the history should say, kept step by step beside the real one: each
/// entry, what it takes back, whether it is in force and what takes it back, the world
/// before and after it, and the run of undos a redo walks back through.
struct HistoryModel {
  enum Kind: Equatable { case change, undo, redo }

  struct Entry {
    var id: Int
    var kind: Kind
    /// The entry it takes back: an undo's target, a redo's undo.
    var reverts: Int?
    var before: World
    var after: World
    var inForce = true
    /// The entry in force that takes it back.
    var undoneBy: Int?
  }

  private(set) var entries: [Int: Entry] = [:]
  /// The undos a redo may take back, the newest last: emptied by every change.
  private(set) var redoable: [Int] = []
  private(set) var newest = 0

  /// What `undo` takes back without a number: the newest entry in force that is not an undo.
  var undoCandidate: Int? {
    entries.values.filter { $0.inForce && $0.kind != .undo }.map(\.id).max()
  }

  /// What `redo` takes back: the last undo of the run.
  var redoCandidate: Int? { redoable.last }

  /// A command recorded the entry `id`.
  mutating func change(_ id: Int, before: World, after: World) {
    add(Entry(id: id, kind: .change, before: before, after: after))
    redoable = []
  }

  /// An undo, recorded as `id`, took back `target`.
  mutating func undo(_ target: Int, as id: Int, before: World, after: World) {
    add(Entry(id: id, kind: .undo, reverts: target, before: before, after: after))
    take(back: target, by: id)
    redoable.append(id)
  }

  /// A redo, recorded as `id`, took back the undo `undo`.
  mutating func redo(_ undo: Int, as id: Int, before: World, after: World) {
    add(Entry(id: id, kind: .redo, reverts: undo, before: before, after: after))
    take(back: undo, by: id)
    redoable.removeLast()
  }

  private mutating func add(_ entry: Entry) {
    entries[entry.id] = entry
    newest = entry.id
  }

  /// `id` is taken back by `revertor`: what it took back is in force again, what that took
  /// back is taken back again, and so on down the line.
  private mutating func take(back id: Int, by revertor: Int) {
    var current: Int? = id
    var by: Int? = revertor
    while let id = current, entries[id] != nil {
      entries[id]?.inForce = by == nil
      entries[id]?.undoneBy = by
      by = by == nil ? id : nil
      current = entries[id]?.reverts
    }
  }
}
