import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a finished command cost.
struct ProcessOutcome: Sendable {
  /// The exit code, or 128 + the signal that ended it.
  var status: Int32
  /// Wall time from spawning to reaping.
  var seconds: Double
  /// The peak resident memory of the process and the children it waited for, from `wait4`.
  var peakRSSBytes: Int
}

/// Runs commands directly (no shell in between) and measures them with `wait4`'s rusage.
enum ChildProcess {
  /// Runs `invocation` to completion.
  ///
  /// - Throws: ``BenchError`` when the program cannot be started.
  static func run(_ invocation: Invocation) throws(BenchError) -> ProcessOutcome {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let writeFlags = O_WRONLY | O_CREAT | O_TRUNC
    posix_spawn_file_actions_addopen(&actions, 0, invocation.standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, invocation.standardOutput, writeFlags, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, invocation.standardError, writeFlags, 0o644)

    let arguments = ([invocation.executable] + invocation.arguments).map { strdup($0) }
    let environment = invocation.environment.sorted { $0.key < $1.key }
      .map { strdup("\($0.key)=\($0.value)") }
    defer {
      arguments.forEach { free($0) }
      environment.forEach { free($0) }
    }

    var pid: pid_t = 0
    let clock = ContinuousClock()
    let start = clock.now
    let spawned = (arguments + [nil]).withUnsafeBufferPointer { argv in
      (environment + [nil]).withUnsafeBufferPointer { envp in
        guard let argv = argv.baseAddress, let envp = envp.baseAddress else { return EINVAL }
        return posix_spawn(&pid, invocation.executable, &actions, nil, argv, envp)
      }
    }
    guard spawned == 0 else {
      throw BenchError(
        "cannot start \(invocation.executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 {
      guard errno == EINTR else {
        throw BenchError(
          "waiting for \(invocation.executable): \(String(cString: strerror(errno)))")
      }
    }
    let elapsed = start.duration(to: clock.now)
    let signal = status & 0x7f
    return ProcessOutcome(
      status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      seconds: elapsed.seconds,
      peakRSSBytes: usage.ru_maxrss * 1024
    )
  }

  /// Runs `invocation` through the `shoplist-bench-spawn` helper and returns what it measured:
  /// the command's own wall time and peak RSS. Without a helper, runs it directly (its peak RSS
  /// then includes the benchmark's, see `Sources/shoplist-bench-spawn/main.c`).
  ///
  /// - Throws: ``BenchError`` when the helper or the command cannot start.
  static func measure(
    _ invocation: Invocation, helper: String?
  ) throws(BenchError) -> ProcessOutcome {
    guard let helper else { return try run(invocation) }
    let resultPath = invocation.standardError + ".measure"
    var wrapped = invocation
    wrapped.executable = helper
    wrapped.arguments = [resultPath, invocation.executable] + invocation.arguments
    let helperOutcome = try run(wrapped)
    let text = (try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: resultPath)
    let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard helperOutcome.status == 0, fields.count == 3 else {
      throw BenchError("the measuring helper \(helper) failed (exit \(helperOutcome.status))")
    }
    guard fields[0] >= 0 else { throw BenchError("cannot start \(invocation.executable)") }
    return ProcessOutcome(
      status: Int32(fields[0]), seconds: Double(fields[1]) * 1e-9, peakRSSBytes: fields[2] * 1024)
  }

  /// `shoplist-bench-spawn` next to this executable, if it was built.
  static var helperPath: String? {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? "shoplist-bench"
    let helper = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("shoplist-bench-spawn").path
    return FileManager.default.isExecutableFile(atPath: helper) ? helper : nil
  }

  /// Runs `invocation` untimed and returns its standard output.
  ///
  /// - Throws: ``BenchError`` when it cannot start or exits non-zero, with its error output.
  static func output(of invocation: Invocation, scratch: String) throws(BenchError) -> String {
    var invocation = invocation
    invocation.standardOutput = scratch + ".out"
    invocation.standardError = scratch + ".err"
    let outcome = try run(invocation)
    guard outcome.status == 0 else {
      throw BenchError(failureMessage(invocation, outcome))
    }
    return (try? String(contentsOfFile: invocation.standardOutput, encoding: .utf8)) ?? ""
  }

  /// Runs `invocation` untimed, failing unless it exits 0.
  static func check(_ invocation: Invocation, scratch: String) throws(BenchError) {
    _ = try output(of: invocation, scratch: scratch)
  }

  /// "exit 64: shoplist: unknown command" — the status and the first line of the error output.
  static func failureMessage(_ invocation: Invocation, _ outcome: ProcessOutcome) -> String {
    let text = (try? String(contentsOfFile: invocation.standardError, encoding: .utf8)) ?? ""
    let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let detail = firstLine.isEmpty ? "" : ": \(firstLine.prefix(160))"
    return "exit \(outcome.status)\(detail)"
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
