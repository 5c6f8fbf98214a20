import CSubprocess
import Foundation

/// A child process, started and watched the way Foundation's `Process` is, with the part of its
/// interface the tests and the benchmark use — but without Foundation's start-up, which now and
/// then crashes the process starting the child (see `CSubprocess.h`). Every test and the
/// benchmark start children through this (or ``ChildProcess``, built on it).
///
/// Its end is reaped by a thread of its own, which then runs ``terminationHandler`` and wakes
/// ``waitUntilExit()``: nothing of Swift's shared pool waits for it.
///
/// ```swift
/// let child = Subprocess()
/// child.executableURL = URL(fileURLWithPath: "/bin/true")
/// try child.run()
/// child.waitUntilExit()
/// #expect(child.terminationStatus == 0)
/// ```
public final class Subprocess: @unchecked Sendable {
  /// How a child ended.
  public enum TerminationReason: Sendable {
    case exit
    case uncaughtSignal
  }

  /// Why a child could not be started.
  public struct StartFailure: Error, CustomStringConvertible {
    public let executable: String
    public let code: Int32
    public var description: String {
      "could not start \(executable): \(String(cString: strerror(code)))"
    }
  }

  // Set before `run()`, as with `Process`.
  public var executableURL: URL?
  public var arguments: [String]?
  /// Its whole environment; this process's when `nil`.
  public var environment: [String: String]?
  /// Its working directory; this process's when `nil`.
  public var currentDirectoryURL: URL?
  /// Each a `Pipe`, a `FileHandle` (`FileHandle.nullDevice` reads and writes nothing), or `nil`
  /// for this process's own.
  public var standardInput: Any?
  public var standardOutput: Any?
  public var standardError: Any?
  /// Run on the reaping thread once the child has ended.
  public var terminationHandler: (@Sendable (Subprocess) -> Void)?

  private let ended = NSCondition()
  private var pid: pid_t = 0
  private var status: Int32?
  private var reason: TerminationReason = .exit
  private var handled = false

  public init() {}

  /// Starts `url` with `arguments`, as `Process.run(_:arguments:terminationHandler:)` does.
  @discardableResult
  public static func run(
    _ url: URL, arguments: [String],
    terminationHandler: (@Sendable (Subprocess) -> Void)? = nil
  ) throws -> Subprocess {
    let child = Subprocess()
    child.executableURL = url
    child.arguments = arguments
    child.terminationHandler = terminationHandler
    try child.run()
    return child
  }

  /// The child's process id, once started.
  public var processIdentifier: Int32 { ended.withLock { pid } }

  /// Whether it has started and not yet been reaped.
  public var isRunning: Bool { ended.withLock { pid != 0 && status == nil } }

  /// Its exit status, or the number of the signal that ended it.
  public var terminationStatus: Int32 {
    ended.withLock {
      precondition(status != nil, "the child is still running")
      return status ?? -1
    }
  }

  public var terminationReason: TerminationReason {
    ended.withLock {
      precondition(status != nil, "the child is still running")
      return reason
    }
  }

  /// Starts the child. Throws ``StartFailure`` when it cannot (no such program, not executable,
  /// no such working directory).
  public func run() throws {
    guard let path = executableURL?.path else {
      throw StartFailure(executable: "(no executable)", code: ENOENT)
    }
    let nullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(nullDevice) }
    let streams = [standardInput, standardOutput, standardError].enumerated().map {
      target, stream in Self.descriptor(of: stream, reading: target == 0, nullDevice: nullDevice)
    }
    let argv = ([path] + (arguments ?? [])).map { strdup($0) } + [nil]
    let environment = self.environment ?? ProcessInfo.processInfo.environment
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var started: pid_t = 0
    let code = ended.withLock { () -> Int32 in
      let code = shoplist_spawn(
        &started, path, argv, envp, currentDirectoryURL?.path, streams[0], streams[1],
        streams[2])
      if code == 0 { pid = started }
      return code
    }
    guard code == 0 else { throw StartFailure(executable: path, code: code) }
    // The child has its own copies now; this process keeps only its ends of the pipes, so that
    // reading a child's output meets its end once the child (and its children) close theirs.
    (standardInput as? Pipe).map { try? $0.fileHandleForReading.close() }
    (standardOutput as? Pipe).map { try? $0.fileHandleForWriting.close() }
    (standardError as? Pipe).map { try? $0.fileHandleForWriting.close() }
    let reaper = Thread { [self, started] in reap(started) }
    reaper.start()
  }

  /// Blocks the calling thread until the child has ended and its handler has run.
  public func waitUntilExit() {
    ended.withLock {
      while !handled { ended.wait() }
    }
  }

  /// Sends the child SIGTERM, if it is still running.
  public func terminate() { signal(SIGTERM) }

  /// Sends the child SIGINT, if it is still running.
  public func interrupt() { signal(SIGINT) }

  private func signal(_ number: Int32) {
    // Under the lock, so that the signal never reaches another process given the same id after
    // the reaper collected this one.
    ended.withLock {
      if pid != 0, status == nil { _ = kill(pid, number) }
    }
  }

  private func reap(_ child: pid_t) {
    var raw: Int32 = 0
    while waitpid(child, &raw, 0) == -1, errno == EINTR {}
    let signalled = raw & 0x7f
    ended.withLock {
      reason = signalled == 0 ? .exit : .uncaughtSignal
      status = signalled == 0 ? (raw >> 8) & 0xff : signalled
    }
    // The handler runs before the waiters wake, as with `Process`.
    terminationHandler?(self)
    ended.withLock {
      handled = true
      ended.broadcast()
    }
  }

  /// The descriptor a stream is given to the child by: a pipe's end, a file handle's
  /// descriptor, /dev/null for `FileHandle.nullDevice`, or -1 (inherit this process's).
  private static func descriptor(of stream: Any?, reading: Bool, nullDevice: Int32) -> Int32 {
    switch stream {
    case let pipe as Pipe:
      return reading
        ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
    case let handle as FileHandle:
      return handle === FileHandle.nullDevice ? nullDevice : handle.fileDescriptor
    default:
      return -1
    }
  }
}
