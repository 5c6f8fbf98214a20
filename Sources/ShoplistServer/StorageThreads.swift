import NIOPosix

extension NIOThreadPool {
  /// The threads the server's database work runs on: its calls block, mostly waiting —
  /// for the disk to flush a commit, or for the writer before them — so there are more of
  /// them than cores. Writers that wait together share one commit (see `ShoppingDatabase`):
  /// with only a thread per core, no more than that many requests could ever share one, and a
  /// household's taps would queue behind each other's flushes.
  static let storage: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 16)
    pool.start()
    return pool
  }()
}
