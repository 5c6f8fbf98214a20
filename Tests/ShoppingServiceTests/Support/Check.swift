import Foundation

/// The world before and after one step, and what it must say about them.
struct Check {
  let before: World
  let after: World
  /// The newest entry's number after the step.
  let newest: Int
  let model: HistoryModel

  /// A refused step changes nothing: not the lists, not the history.
  func unchanged() throws {
    try expect(after == before, "a refused step changed the lists:\n\(before)\n\(after)")
    try expect(newest == model.newest, "a refused step recorded #\(newest)")
  }

  /// Taking back `entry` made the world as before it: exactly when nothing in force since
  /// changed anything (the world is as right after it); else for everything it changed,
  /// while everything else stays as it was.
  func tookBack(_ entry: HistoryModel.Entry) throws {
    let (was, made, now) = (entry.before, entry.after, before)
    // A default list a command made stays, emptied; one an undo brought back goes again.
    let then = entry.kind == .change ? after.withoutDefaultListsMade(from: was, to: made) : after
    if now == made {
      try expect(then == was, "not as before #\(entry.id):\nbefore \(was)\nafter  \(then)")
      return
    }
    try items(was, made, now, then)
    try lists(was, made, now, then)
    if was.marked != made.marked {
      try expect(then.marked == was.marked, "the default mark is not back")
    } else {
      try expect(then.marked == now.marked, "the default mark moved")
    }
  }

  /// Items it changed are back as they were; others are untouched and keep their order.
  private func items(_ was: World, _ made: World, _ now: World, _ then: World) throws {
    let (wasItems, madeItems, nowItems, thenItems) = (was.items, made.items, now.items, then.items)
    let changed = Set(wasItems.keys).union(madeItems.keys).filter {
      wasItems[$0] != madeItems[$0]
    }
    for id in changed {
      try expect(nowItems[id] == madeItems[id], "item \(id) changed since, yet taken back")
      try expect(thenItems[id] == wasItems[id], "item \(id) is not back as it was")
    }
    for id in Set(nowItems.keys).union(thenItems.keys) where !changed.contains(id) {
      try expect(thenItems[id] == nowItems[id], "item \(id) changed by the undo")
    }
    for list in then.lists {
      guard let order = now.order(of: list.id) else { continue }
      let reordered = relativeOrder(was.order(of: list.id), made.order(of: list.id))
      guard !reordered else { continue }
      let kept = Set(order).subtracting(changed)
      try expect(
        list.items.map(\.id).filter(kept.contains) == order.filter(kept.contains),
        "the items of \(list.name) moved")
    }
  }

  /// Whether the items in both orders come in another order in the second.
  private func relativeOrder(_ first: [UUID]?, _ second: [UUID]?) -> Bool {
    guard let first, let second else { return false }
    let both = Set(first).intersection(second)
    return first.filter(both.contains) != second.filter(both.contains)
  }

  /// Lists it created, renamed or deleted are back as they were (a list it created stays if
  /// items were put in it since); others are untouched; lists keep their order, and a list
  /// back is at its place.
  private func lists(_ was: World, _ made: World, _ now: World, _ then: World) throws {
    let (wasLists, madeLists, nowLists, thenLists) =
      (was.headers, made.headers, now.headers, then.headers)
    let changed = Set(wasLists.keys).union(madeLists.keys).filter {
      wasLists[$0] != madeLists[$0]
    }
    for id in changed {
      // A list it deleted may be there again, kept by an undo of its coming back, as later
      // changes had put items in it.
      let kept = madeLists[id] == nil && nowLists[id] == wasLists[id]
      try expect(
        nowLists[id] == madeLists[id] || kept, "list \(id) changed since, yet taken back")
      if wasLists[id] == nil, let order = then.order(of: id), !order.isEmpty {
        try expect(thenLists[id] == nowLists[id], "list \(id), kept, changed")
      } else {
        try expect(thenLists[id] == wasLists[id], "list \(id) is not back as it was")
      }
    }
    // A list coming back takes the place of an empty, unmarked default list of its name.
    let replaced = Set(now.lists.map(\.id)).subtracting(
      now.withoutDefaultListsMade(from: then, to: now).lists.map(\.id)
    ).filter { id in
      then.lists.contains { nowLists[$0.id] == nil && $0.name == nowLists[id]?.name }
    }
    for id in Set(nowLists.keys).union(thenLists.keys)
    where !changed.contains(id) && !replaced.contains(id) {
      try expect(thenLists[id] == nowLists[id], "list \(id) changed by the undo")
    }
    let order = then.lists.map(\.id)
    try expect(
      order.filter { nowLists[$0] != nil } == now.lists.map(\.id).filter { thenLists[$0] != nil },
      "the lists moved")
    let placed = was.lists.map(\.id).filter { thenLists[$0] != nil }
    try expect(order.filter(placed.contains) == placed, "a list is not back at its place")
  }

  private func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw HistoryRun.Failure(description: message()) }
  }
}
