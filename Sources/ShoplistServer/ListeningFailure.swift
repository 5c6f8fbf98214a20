import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Why the server could not listen, read from the error its address lookup or its socket's
/// `bind` threw: by the error's type and the system's error number, never by its text.
public enum ListeningFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another program listens on the address and port (`EADDRINUSE`).
  case addressInUse
  /// The host is no name or address the system can look up.
  case noSuchAddress
  /// The address belongs to no interface of this machine (`EADDRNOTAVAIL`).
  case notAnAddressOfThisMachine
  /// The system does not let this program listen there (`EACCES`, `EPERM`: a port below
  /// 1024 without the right to it).
  case permissionDenied

  /// The failure `error` stands for, or `nil` for an error that is none of these.
  public init?(_ error: any Error) {
    if let error = error as? IOError {
      switch error.errnoCode {
      case EADDRINUSE: self = .addressInUse
      case EADDRNOTAVAIL: self = .notAnAddressOfThisMachine
      case EACCES, EPERM: self = .permissionDenied
      default: return nil
      }
    } else if error is SocketAddressError.UnknownHost {
      self = .noSuchAddress
    } else if let error = error as? SocketAddressError, case .unknown = error {
      self = .noSuchAddress
    } else {
      return nil
    }
  }

  /// In a few words, to follow "cannot listen on HOST port PORT: ".
  public var description: String {
    switch self {
    case .addressInUse: "the address is already in use"
    case .noSuchAddress: "no such address"
    case .notAnAddressOfThisMachine: "not an address of this machine"
    case .permissionDenied: "permission denied"
    }
  }
}
