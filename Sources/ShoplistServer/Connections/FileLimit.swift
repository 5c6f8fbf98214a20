#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's limit on open files, which bounds how many connections it can hold: each is a
/// file descriptor. Running out of them is not an error a server can answer — the C library,
/// Dispatch and SQLite need descriptors of their own, and Dispatch stops the process when it
/// cannot open one — so connections are kept below the limit (``connections(under:)``).
enum FileLimit {
  /// Raises the soft limit on open files to the hard limit (at most `ceiling`), as a server
  /// expected to hold many connections should, and returns the soft limit then in force.
  static func raise(upTo ceiling: Int = 65_536) -> Int {
    var limits = rlimit()
    guard getrlimit(resourceNumber, &limits) == 0 else { return 1_024 }
    let wanted = min(limits.rlim_max, rlim_t(ceiling))
    if limits.rlim_cur < wanted {
      var raised = limits
      raised.rlim_cur = wanted
      if setrlimit(resourceNumber, &raised) == 0 { limits = raised }
    }
    return Int(clamping: limits.rlim_cur)
  }

  /// How many connections to hold at most under a limit of `files` open files: all but the
  /// descriptors the rest of the server needs (the database and its journal files, the event
  /// loops, the standard streams, what the run time opens), at least one.
  static func connections(under files: Int) -> Int {
    max(1, files - min(64, files / 2))
  }

  #if canImport(Glibc)
    private static let resourceNumber = __rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue))
  #else
    private static let resourceNumber = RLIMIT_NOFILE
  #endif
}
