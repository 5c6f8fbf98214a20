import Foundation

/// Runs a child process and waits for it without holding a thread of Swift's shared pool while
/// it runs: its outputs are read to their ends by threads of their own, and its end is noticed
/// by ``Subprocess``'s termination handler, so the awaiting task is suspended rather than blocked,
/// and the pool stays free for other tests meanwhile.
///
/// ```swift
/// let result = try await ChildProcess.run("/usr/bin/sqlite3", [path, "PRAGMA integrity_check"])
/// #expect(result.stdout == "ok\n")
/// ```
public enum ChildProcess {
  /// What a child process wrote and how it ended.
  public struct Result: Sendable, CustomStringConvertible {
    /// Its exit status (or the number of the signal that ended it).
    public let status: Int32
    public let stdoutData: Data
    public let stderrData: Data

    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    public var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
  }

  /// Runs `executable` with `arguments` and returns once it has ended and both its outputs are
  /// closed.
  ///
  /// - Parameters:
  ///   - environment: Its whole environment; this process's when `nil`.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - stdin: What its standard input reads, then end of file; empty when `nil`.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: URL? = nil, stdin: Data? = nil
  ) async throws -> Result {
    let process = Subprocess()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    let run = Run()
    return try await withCheckedThrowingContinuation { continuation in
      run.start(continuation)
      process.terminationHandler = { process in run.ended(process.terminationStatus) }
      do {
        try process.run()
      } catch {
        run.failed(error)
        return
      }
      // Each output read to its end on a thread of its own: the awaiting task holds none.
      for (pipe, isStdout) in [(output, true), (errors, false)] {
        Thread {
          run.read(pipe.fileHandleForReading.readDataToEndOfFile(), stdout: isStdout)
        }.start()
      }
      if let input, let stdin {
        Thread {
          try? input.fileHandleForWriting.write(contentsOf: stdin)
          try? input.fileHandleForWriting.close()
        }.start()
      }
    }
  }

  /// One run's outputs and end, gathered from the handlers' threads.
  private final class Run: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result, any Error>?
    private var stdout = Data()
    private var stderr = Data()
    private var openOutputs = 2
    private var status: Int32?

    func start(_ continuation: CheckedContinuation<Result, any Error>) {
      lock.withLock { self.continuation = continuation }
    }

    func read(_ data: Data, stdout isStdout: Bool) {
      let finished = lock.withLock { () -> CheckedContinuation<Result, any Error>? in
        openOutputs -= 1
        if isStdout { stdout = data } else { stderr = data }
        return takeIfFinished()
      }
      finish(finished)
    }

    func ended(_ status: Int32) {
      let finished = lock.withLock { () -> CheckedContinuation<Result, any Error>? in
        self.status = status
        return takeIfFinished()
      }
      finish(finished)
    }

    func failed(_ error: any Error) {
      let continuation = lock.withLock { () -> CheckedContinuation<Result, any Error>? in
        defer { self.continuation = nil }
        return self.continuation
      }
      continuation?.resume(throwing: error)
    }

    /// The continuation, once the child has ended and both outputs are closed (lock held).
    private func takeIfFinished() -> CheckedContinuation<Result, any Error>? {
      guard openOutputs == 0, status != nil, let continuation else { return nil }
      self.continuation = nil
      return continuation
    }

    private func finish(_ continuation: CheckedContinuation<Result, any Error>?) {
      guard let continuation else { return }
      let result = lock.withLock {
        Result(status: status ?? -1, stdoutData: stdout, stderrData: stderr)
      }
      continuation.resume(returning: result)
    }
  }
}
