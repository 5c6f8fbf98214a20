import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ShoppingStorage

// MARK: - Announcements

extension PostgresStorage: ChangeAnnouncing {
  /// Every write's `NOTIFY shoplist`, heard on a connection of its own that does nothing but
  /// `LISTEN`: no query while nothing changes. When the connection is lost (the server
  /// restarted), it connects again every second until it can, and announces once, as changes
  /// may have been made meanwhile.
  public func announcements() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let url = self.url
    let timeout = busyTimeout
    let task = Task {
      while !Task.isCancelled {
        do {
          var logger = Logger(label: "shoplist.postgres.listen")
          logger.logLevel = .critical
          let connection = try await PostgresConnection.connect(
            on: Session.eventLoops.any(),
            configuration: try url.configuration(connectTimeout: timeout), id: 2, logger: logger)
          try? await connection.listen(on: Self.channel) { notifications in
            continuation.yield()
            for try await _ in notifications { continuation.yield() }
          }
          try? await connection.close()
        } catch {}
        try? await Task.sleep(for: .seconds(1))
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
