import CustomDump

/// Wraps a reducer and writes, for every action, the action, the state diff it caused, the
/// effects it returned and the time the reducer took. Built with ``Reducer/traced(to:)``.
///
/// Tracing keeps a copy of the state to diff against, so it costs a copy of whatever the action
/// mutates: a debugging aid, not for hot paths.
public struct TracingReducer<Base: Reducer>: Reducer {
  let base: Base
  let output: TraceOutput

  public func reduce(into state: inout Base.State, action: Base.Action) throws -> [Base.Effect] {
    let before = state
    let clock = ContinuousClock()
    let start = clock.now
    var effects: [Base.Effect] = []
    var failure: (any Error)?
    do {
      effects = try base.reduce(into: &state, action: action)
    } catch {
      failure = error
    }
    let elapsed = clock.now - start
    output.write(
      Self.describe(
        action: action, before: before, after: state, effects: effects, failure: failure,
        elapsed: elapsed
      )
    )
    if let failure { throw failure }
    return effects
  }

  static func describe(
    action: Base.Action, before: Base.State, after: Base.State, effects: [Base.Effect],
    failure: (any Error)?, elapsed: Duration
  ) -> String {
    var text = "action:\n\(indented(String(customDumping: action)))\n"
    if let difference = diff(before, after) {
      text += "state:\n\(indented(difference))\n"
    } else {
      text += "state: (unchanged)\n"
    }
    if let failure {
      text += "error: \(failure)\n"
    } else if effects.isEmpty {
      text += "effects: (none)\n"
    } else {
      text += "effects (\(effects.count)):\n"
      text += effects.map { indented(String(customDumping: $0)) }.joined(separator: "\n") + "\n"
    }
    text += "reduced in \(formatted(elapsed))\n"
    return text
  }
}

extension TracingReducer: Sendable where Base: Sendable {}

extension Reducer {
  /// Traces every action through this reducer to `output`: the action, the state diff, the
  /// effects and the time spent reducing.
  ///
  /// ```swift
  /// let reducer = ShoppingReducer().traced(to: .standardError)
  /// ```
  public func traced(to output: TraceOutput) -> TracingReducer<Self> {
    TracingReducer(base: self, output: output)
  }
}

extension EffectExecutor {
  /// Traces every batch this executor performs to `output`: its size, the time it took, and
  /// its failure if it failed.
  public func traced(to output: TraceOutput) -> Self {
    Self { effects in
      let clock = ContinuousClock()
      let start = clock.now
      do {
        try execute(effects)
        output.write("executed \(effects.count) effect(s) in \(formatted(clock.now - start))\n")
      } catch {
        output.write("execution failed after \(formatted(clock.now - start)): \(error)\n")
        throw error
      }
    }
  }
}

private func indented(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "  " + $0 }
    .joined(separator: "\n")
}

func formatted(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  let milliseconds = Double(microseconds) / 1000
  return milliseconds < 10
    ? "\((milliseconds * 1000).rounded() / 1000) ms"
    : "\((milliseconds * 10).rounded() / 10) ms"
}
