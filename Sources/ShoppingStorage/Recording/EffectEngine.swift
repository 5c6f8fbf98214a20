import ShoppingCore

/// What an engine's transaction implements beneath the recording that every engine shares:
/// applying effects to its own rows, all or nothing, and storing a large change's record in
/// parts. Recording what each effect overwrites, and the history entry that a write ends with
/// (`StorageTransaction/journal(command:kind:target:at:by:always:listNames:)`), are written
/// once, here and in ``ChangeRecorder``, above every engine.
public protocol EffectEngine: StoredRows, AnyObject {
  /// What this transaction has recorded so far: nil in a read transaction.
  var recording: ChangeRecording? { get }

  /// Applies `effects` in order, all or nothing: when one fails, the batch leaves nothing
  /// behind and the transaction goes on as if the call had not happened.
  ///
  /// - Parameters:
  ///   - effects: The batch, in the order a reducer returned it.
  ///   - record: Called with each effect just before it is applied, after the effects before
  ///     it were: it reads what the effect is about to overwrite.
  /// - Throws: ``DatabaseError/Reason/constraintViolation`` for a change the data refuses,
  ///   ``DatabaseError/Reason/rowNotFound`` for an effect naming a row that is not there,
  ///   ``DatabaseError/Reason/misuse`` in a read transaction (even for an empty batch).
  func apply(
    _ effects: [PersistenceEffect], recordingEach record: (PersistenceEffect) throws -> Void
  ) throws(DatabaseError)

  /// Stores `part`, the part numbered `index` (from 0) of the next history entry's record,
  /// in this transaction: under `entry`, or, for the first part, under the number the next
  /// entry will take, cleared first of any parts a restarted recording left there.
  ///
  /// A part that cannot be stored leaves the history short of what the change did: the
  /// transaction must then not commit.
  ///
  /// - Returns: The entry the part went under.
  func storeRecordPart(
    _ part: ChangeRecord, index: Int, entry: Int?
  ) throws(DatabaseError) -> Int

  /// Removes the parts stored under `entry`, which no entry will claim: a best effort, since
  /// the next entry numbered so clears them too.
  func discardRecordParts(ofEntry entry: Int)
}

extension EffectEngine {
  /// Executes a batch of effects, all or nothing, recording what each overwrites; once the
  /// record is past ``ChangeRecorder/partSize`` it is stored away as a part, so that a large
  /// change (an import of a million rows) holds its record a part at a time, not whole.
  ///
  /// - Throws: What ``apply(_:recordingEach:)`` throws, or a ``DatabaseError`` reading what an
  ///   effect overwrites or storing a part.
  public func execute(_ effects: [PersistenceEffect]) throws(DatabaseError) {
    guard let recording else { return try apply(effects) { _ in } }
    recording.recorder.beginBatch()
    do {
      try apply(effects) { effect in try recording.recorder.record(effect, before: self) }
    } catch {
      recording.recorder.endBatch(kept: false)
      throw error
    }
    recording.recorder.endBatch(kept: true)
    // The part goes in this transaction, after the batch it ends: a batch taken back was
    // never in a part.
    guard let part = recording.recorder.takePart() else { return }
    recording.pendingEntry = try storeRecordPart(
      part, index: recording.recorder.partsTaken - 1, entry: recording.pendingEntry)
  }

  /// What the effects executed since the transaction began, or since the last history entry
  /// it recorded, changed and overwrote: past the last part stored, if the change is large.
  public var recordedChange: ChangeRecord {
    recording?.recorder.change ?? ChangeRecord()
  }

  /// What the effects executed since the transaction began, or since the last history entry
  /// it recorded, did, parts stored included: what the entry says.
  public var recordedSummary: ChangeSummary {
    recording?.recorder.summary ?? ChangeSummary()
  }

  /// Forgets what was recorded so far, parts stored included: the effects executed from now
  /// on are recorded afresh.
  public func restartRecording() {
    guard let recording else { return }
    recording.recorder = ChangeRecorder()
    if let entry = recording.claimPendingEntry() { discardRecordParts(ofEntry: entry) }
  }
}
