import Composable
import ShoppingCore

// MARK: - Store

extension StorageTransaction {
  /// A store whose sends are all or nothing against storage: its executor runs each send's
  /// effects through ``EffectEngine/execute(_:)``, and after a failed send it reloads the lists
  /// its last committed state had loaded. In a write transaction, what the sends change is
  /// recorded in the history when the transaction commits.
  ///
  /// The store lives as long as you keep it, but it can send only during this transaction, on its
  /// thread; later sends fail with ``DatabaseError/Reason/misuse``.
  ///
  /// ```swift
  /// try storage.write { transaction in
  ///   let state = try transaction.loadState(loadingListsNamed: ["shopping"])
  ///   let store = transaction.makeStore(
  ///     initialState: state, reducer: ShoppingReducer(environment: .live)
  ///   )
  ///   try store.send(.list(listID, .add(name: "Milk", .none)))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state loaded from this transaction.
  ///   - reducer: The reducer, usually `ShoppingCore/ShoppingReducer`.
  ///   - trace: Where to report each batch's execution time, if anywhere.
  /// - Returns: The store. A reload after a failure does not restore an import in progress
  ///   (`ShoppingCore/ShoppingState/importProgress`): end the transaction instead.
  public func makeStore(
    initialState: ShoppingState,
    reducer: some Reducer<ShoppingState, ShoppingAction, PersistenceEffect> & Sendable,
    trace: TraceOutput? = nil
  ) -> Store<ShoppingState, ShoppingAction, PersistenceEffect> {
    let loadedLists = LoadedLists(
      initialState.lists.filter { $0.loading != .none }.map(\.id)
    )
    let executor = EffectExecutor<PersistenceEffect> { [self] effects in
      try execute(effects)
      loadedLists.commit()
    }
    return Store(
      initialState: initialState,
      reducer: LoadedListsTracking(base: reducer, loadedLists: loadedLists),
      executor: trace.map(executor.traced(to:)) ?? executor,
      // Unreloadable, it holds no list: every later action fails rather than act on lists
      // that may not match the file.
      recovery: .reload(unavailable: ShoppingState()) { [self] in
        try loadState(loadingLists: loadedLists.committed)
      }
    )
  }
}
