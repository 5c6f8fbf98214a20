/// Storage that tells of every committed write, whoever made it and wherever: a server waits
/// for these announcements rather than asking the database over and over. Storage without it
/// (a file, which other processes write without telling) is asked at intervals instead.
public protocol ChangeAnnouncing: Sendable {
  /// One element after each committed write anywhere — several writes may come as one — and
  /// one whenever listening (re)starts, since writes may have been missed meanwhile. Ends when
  /// the consumer stops reading.
  func announcements() -> AsyncStream<Void>
}
