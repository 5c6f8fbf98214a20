import NIOPosix

extension NIOThreadPool {
  /// The threads the server's blocking database calls run on — reads, undo and redo, members
  /// — which mostly wait, for the disk to flush a commit or for the writer before them, so
  /// there are more of them than cores. Writers that wait together share one commit (see
  /// `ShoppingDatabase`): with only a thread per core, no more than that many could ever share
  /// one. The list routes' changes, a household's taps, wait without a thread instead (the
  /// database's async `write`).
  static let storage: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 16)
    pool.start()
    return pool
  }()
}
