/// Performs the effects a reducer returned: the one place where a ``Store`` touches the world.
///
/// An executor must be all-or-nothing for each batch it is given: when it throws, none of the
/// batch may have taken effect. A database executor runs the batch in a transaction or savepoint.
///
/// ```swift
/// let executor = EffectExecutor<SaveEffect> { effects in
///   try database.inTransaction { try effects.forEach(database.apply) }
/// }
/// ```
public struct EffectExecutor<Effect>: Sendable {
  /// Performs one batch of effects, all or nothing.
  public var execute: @Sendable ([Effect]) throws -> Void

  /// Creates an executor from a closure.
  ///
  /// - Parameter execute: Performs a batch of effects, or throws having performed none of them.
  public init(execute: @escaping @Sendable ([Effect]) throws -> Void) {
    self.execute = execute
  }

  /// An executor that performs nothing: for state that lives only in memory.
  public static var discarding: Self {
    Self { _ in }
  }
}
