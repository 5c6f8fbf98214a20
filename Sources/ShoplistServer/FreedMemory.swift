import CMalloc

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
}
