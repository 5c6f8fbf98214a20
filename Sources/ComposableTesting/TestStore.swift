import Composable
import CustomDump
import IssueReporting

/// A store for tests that asserts *exhaustively*: every state change and every effect of every
/// action must be stated, or the test fails with a readable diff naming the action.
///
/// ```swift
/// let store = TestStore(initialState: ShoppingList(...), reducer: ShoppingListReducer(...))
/// store.send(.product(milk.id, .toggled), effects: [.updateProduct(checkedMilk)]) {
///   $0.products[id: milk.id]?.isChecked = true
/// }
/// store.send(.rename(milk.id, to: "Bread"), throws: ShoppingError.nameTaken("Bread"))
/// ```
///
/// The reducer runs directly, without an executor: the effects it returns are what the test
/// asserts, so no database is needed to check which persistence work an action asks for.
public final class TestStore<State: Equatable, Action, Effect: Equatable> {
  /// The state after the last action.
  public private(set) var state: State
  private let reducer: any Reducer<State, Action, Effect>

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first action.
  ///   - reducer: The reducer under test.
  public init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action, R.Effect == Effect {
    self.state = initialState
    self.reducer = reducer
  }

  /// Sends an action and asserts the effects it returns and the state change it makes.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - expectedEffects: Exactly the effects the action must return, in order.
  ///   - updateStateToExpectedResult: Mutates the previous state into the expected one; omit it
  ///     when the action must not change the state.
  ///   - fileID: The file of the call, where a failure is reported; leave the default.
  ///   - filePath: The full path of that file; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  /// - Returns: The effects the reducer returned.
  @discardableResult
  public func send(
    _ action: Action,
    effects expectedEffects: [Effect] = [],
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Effect] {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    var actual = state
    let effects: [Effect]
    do {
      effects = try reducer.reduce(into: &actual, action: action)
    } catch {
      location.fail("\(describe(action)) threw an unexpected error:\n\n  \(error)")
      return []
    }
    var expected = state
    do {
      try updateStateToExpectedResult?(&expected)
    } catch {
      location.fail("The expected-state closure for \(describe(action)) threw: \(error)")
    }
    if expected != actual {
      location.fail(
        """
        State after \(describe(action)) does not match the expectation:

        \(diff(expected, actual, format: .proportional).map(indent) ?? "")

        (Expected: −, Actual: +)
        """
      )
    }
    if effects != expectedEffects {
      location.fail(
        """
        Effects of \(describe(action)) do not match the expectation:

        \(diff(expectedEffects, effects, format: .proportional).map(indent) ?? "")

        (Expected: −, Actual: +)
        """
      )
    }
    state = actual
    return effects
  }

  /// Sends an action that must fail with `expectedError`, returning no effects and leaving the
  /// state exactly as it was.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - expectedError: The error the reducer must throw.
  ///   - fileID: The file of the call, where a failure is reported; leave the default.
  ///   - filePath: The full path of that file; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public func send<Failure: Error & Equatable>(
    _ action: Action,
    throws expectedError: Failure,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    var actual = state
    do {
      let effects = try reducer.reduce(into: &actual, action: action)
      location.fail(
        """
        \(describe(action)) was expected to throw \(expectedError) but succeeded with \
        \(effects.count) effect(s).
        """
      )
    } catch let error as Failure where error == expectedError {
      if actual != state {
        location.fail(
          """
          \(describe(action)) threw as expected but changed the state first; a reducer that \
          throws must leave the state as it found it:

          \(diff(state, actual, format: .proportional).map(indent) ?? "")

          (Before: −, After: +)
          """
        )
      }
      return
    } catch {
      location.fail(
        "\(describe(action)) threw \(error), expected \(expectedError)."
      )
    }
    state = actual
  }

  private func describe(_ action: Action) -> String {
    var dump = ""
    customDump(action, to: &dump, maxDepth: 4)
    // One line, however deep the action: "ListAction.product(UUID(…), .toggled)".
    var line = dump.split(separator: "\n")
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined(separator: " ")
      .replacing("( ", with: "(")
      .replacing(" )", with: ")")
      .replacing("[ ", with: "[")
      .replacing(" ]", with: "]")
    if line.count > 160 { line = line.prefix(159) + "…" }
    return "action \(line)"
  }
}

private func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "  " + $0 }
    .joined(separator: "\n")
}

private struct Location {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func fail(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
