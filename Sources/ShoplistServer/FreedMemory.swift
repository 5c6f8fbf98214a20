import CMalloc
import Dispatch

/// How much freed memory the C allocator keeps for reuse in a serving process.
enum FreedMemory {
  /// The free memory at the top of a thread's heap that glibc keeps rather than giving back
  /// to the kernel: 64 MiB, where its default is 128 KiB.
  ///
  /// The thread holding the database connection frees and takes again some tens of KiB with
  /// every commit. With the default, each commit gave those pages back (`madvise`, which
  /// also has every other core forget the mapping) and faulted them in again: hundreds of
  /// times a second under load. A server runs for long and keeps what it took; the command
  /// line's short runs keep the default.
  static func keepForReuse() {
    _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
  }

  /// Gives the memory freed by a wave of connections back to the kernel, off the event loops
  /// (it walks every heap of the process): a flood of connections leaves the process as large
  /// as before it, not as large as at its height.
  static func handBack() {
    DispatchQueue.global(qos: .utility).async { _ = malloc_trim(0) }
  }
}
