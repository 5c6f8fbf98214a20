/// Why an import's input or an export's output could not be used: what a command line shows in
/// one line, and the kind it maps to an exit status.
public struct TransferError: Error, Equatable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Equatable, Sendable {
    /// An input that does not exist or cannot be read.
    case unreadableInput
    /// An output that must not or cannot be created: the database itself, a folder, a missing
    /// or unwritable folder.
    case cannotCreateOutput
    /// An output that could not be written to the end (a full disk).
    case cannotWriteOutput
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// The message, with the path quoted for a terminal.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
