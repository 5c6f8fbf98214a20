/// What the caller of an opening means to do with the storage.
public enum StorageAccess: Sendable {
  /// Read and write: storage that cannot be written is refused.
  case write
  /// Only read, if need be: a file that cannot be written (or whose folder cannot) is opened
  /// for reading only, writing nothing to it and creating nothing beside it.
  case read
}
