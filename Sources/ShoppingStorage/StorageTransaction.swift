import ShoppingCore

/// One transaction's access to storage: the lists, the history, the household's members.
///
/// Valid only during the `ShoppingStorage/write(_:)` or `ShoppingStorage/read(_:)` call
/// that handed it out, on that call's thread; a use outside fails with
/// ``DatabaseError/Reason/misuse`` rather than touch the data. It is `Sendable` only so that
/// a `Composable/Store`'s executor may hold it; implementations check both rules at run time.
///
/// ```swift
/// try storage.write { transaction in
///   let state = try transaction.loadState(loadingListsNamed: [])
///   let store = transaction.makeStore(
///     initialState: state, reducer: ShoppingReducer(environment: .live))
///   try store.send(.createList(named: "Weekend"))
/// }
/// ```
public protocol StorageTransaction:
  ListStorage, HistoryStorage, MemberStorage, CopyStorage, Sendable
{}
