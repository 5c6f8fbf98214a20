import ShoppingEngines
import ShoppingService
import ShoppingStorage

extension ShoplistServer {
  /// Looks at the database file twice a second until the task is cancelled (the server runs
  /// until then); the first time its path no longer leads to it, ends the event streams, says
  /// so through `onWarning`, and lets go of what the file left under its name.
  func watch(
    _ file: DatabaseFile, feed: ChangeFeed, onWarning: @Sendable (String) -> Void
  ) async {
    while (try? await Task.sleep(for: .milliseconds(500))) != nil {
      guard file.look() else { continue }
      feed.finish()
      onWarning(
        "the database file \(file.path) was replaced or deleted while serving it; "
          + "answering 503 until shoplist serve is restarted")
      await letGoOfReplacedFile()
    }
  }

  /// Lets go of what the replaced file left under its name
  /// (``ShoppingService/letGoOfReplacedFile()``), trying again while readers are in the way,
  /// for at most a minute.
  private func letGoOfReplacedFile() async {
    let service = self.service
    for _ in 0..<240 {
      let done = try? await StorageThreads.run { try service.letGoOfReplacedFile() }
      if done != false { return }
      try? await Task.sleep(for: .milliseconds(250))
    }
  }
}
