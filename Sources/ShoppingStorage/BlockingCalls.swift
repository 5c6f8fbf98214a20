/// Where storage's synchronous calls may not be made: in the tasks of a server, which run on
/// Swift's shared pool of a few threads (one per core). A synchronous `write` or `read`
/// holds its thread until the disk or the database answers, or until another writer is done;
/// made from a request's task, it would hold one of those few threads, and with them every
/// other request of the household.
///
/// A server runs its work inside ``refusing(isolation:_:)``; every engine's synchronous
/// `write` and `read` ask ``check(_:file:line:)`` first, which, in a debug build, stops the
/// program when called from such a task, naming the call. Tests run debug builds, so a route
/// that blocks fails every test that reaches it. A release build does not check: a call made
/// there still works.
///
/// What runs on a thread of its own (the storage's async `write` and `read`, the threads a
/// server hands blocking work to) is outside any task, so nothing is refused there.
public enum BlockingCalls {
  /// Whether the current task refuses blocking storage calls.
  @TaskLocal public static var areRefused = false

  /// Runs `body` refusing blocking storage calls in it, and in every task it starts.
  ///
  /// ```swift
  /// try await BlockingCalls.refusing {
  ///   try await server.run()
  /// }
  /// ```
  public static func refusing<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    try await $areRefused.withValue(true, operation: body, isolation: isolation)
  }

  /// In a debug build, stops the program when the current task refuses blocking calls;
  /// nothing in a release build.
  ///
  /// - Parameters:
  ///   - call: What was called, for the message: `an SQLite transaction`.
  ///   - file: Where the call was made, for the message.
  ///   - line: The line of `file` the call was made on.
  @inlinable
  public static func check(
    _ call: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
  ) {
    assert(
      !areRefused,
      "\(call()) blocks its thread, and was called from a task that refuses blocking calls "
        + "(a server's): call the storage's async write or read instead",
      file: file, line: line)
  }
}
