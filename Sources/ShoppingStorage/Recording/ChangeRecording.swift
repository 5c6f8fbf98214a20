import ShoppingCore

/// What a write transaction has recorded of its effects so far: the recorder, and the history
/// entry that a large change's record parts already went under. An engine's write
/// transaction holds one (see ``EffectEngine/recording``); a read transaction none.
///
/// Kept by the engine, worked by the recording that every engine shares
/// (``EffectEngine/execute(_:)``, ``EffectEngine/restartRecording()``): no engine wires the
/// recorder itself.
public final class ChangeRecording {
  /// What the batches executed since the transaction began, its last history entry, or its
  /// last part stored, did and overwrote.
  var recorder = ChangeRecorder()
  /// The number the next history entry takes, once a part of its record is stored under it.
  var pendingEntry: Int?

  /// A recording with nothing recorded.
  public init() {}

  /// The entry the parts stored so far went under, if any, which the entry being written
  /// claims: they are its first parts, and the recorder's record its last.
  public func claimPendingEntry() -> Int? {
    defer { pendingEntry = nil }
    return pendingEntry
  }
}
