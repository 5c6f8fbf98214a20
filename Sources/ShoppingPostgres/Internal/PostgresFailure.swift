import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import ShoppingStorage

#if canImport(Glibc)
  import Glibc
#endif

/// What a failure of PostgreSQL or of the connection to it means, in shoplist's words: the
/// ``ShoppingStorage/DatabaseError`` a caller acts on, and a message a person reads.
///
/// Decided by the error's type, PostgresNIO's code and PostgreSQL's SQLSTATE, never by the
/// text of a library's description: that text names the library's own functions and cases
/// (`read(descriptor:pointer:size:)`, `serverClosedConnection`), which tell a user nothing
/// and change from one version to the next. Only PostgreSQL's own message, written for people,
/// is passed on, for a refusal shoplist has no words of its own for.
enum PostgresFailure {
  /// A failed attempt to connect to `location`, without the password.
  static func connecting(_ error: any Error, location: String) -> DatabaseError {
    guard let error = error as? PSQLError else {
      return DatabaseError(reason: .unreachable, path: location, message: reach(error))
    }
    if let state = error.serverInfo?[.sqlState] {
      let (reason, message) = refusal(state: state, serverMessage: error.serverInfo?[.message])
      return DatabaseError(reason: reason, path: location, message: message)
    }
    let (reason, message): (DatabaseError.Reason, String) =
      switch error.code {
      case .sslUnsupported:
        (.unreachable, "the server does not offer TLS, which the URL requires")
      case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
        (.unreachable, "TLS could not be set up with the server")
      case .authMechanismRequiresPassword:
        (.accessDenied, "the server asks for a password and none was given")
      case .unsupportedAuthMechanism:
        (.accessDenied, "the server asks for a kind of sign-in shoplist does not support")
      case .saslError:
        (.accessDenied, "the server did not accept the password")
      case .connectionError:
        (.unreachable, error.underlying.map(reach) ?? unreachable)
      case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
        (.unreachable, "the server closed the connection before letting shoplist in")
      default:
        (.unreachable, "the server answered in a way shoplist does not understand")
      }
    return DatabaseError(reason: reason, path: location, message: message)
  }

  /// A statement that failed on a connection to `location`.
  static func querying(_ error: any Error, location: String) -> DatabaseError {
    guard let error = error as? PSQLError else {
      // The connection closed under the statement (``Session/ConnectionClosed``, or NIO's
      // own account of the socket): its transaction is rolled back by the server.
      return DatabaseError(reason: .other, path: location, message: lostConnection)
    }
    guard let state = error.serverInfo?[.sqlState] else {
      let message =
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError,
          .uncleanShutdown:
          lostConnection
        default: "the server answered in a way shoplist does not understand"
        }
      return DatabaseError(reason: .other, path: location, message: message)
    }
    let message = error.serverInfo?[.message] ?? "the server refused the statement"
    switch state {
    case "55P03", "40P01", "40001":
      // Lock not available within the wait, deadlock, serialization failure.
      return DatabaseError(reason: .busy, path: location, message: message)
    case "23505", "23503", "23514", "23502":
      return DatabaseError(reason: .constraintViolation, path: location, message: message)
    case "28000", "28P01", "42501":
      return DatabaseError(reason: .accessDenied, path: location, message: message)
    case "53100":
      return DatabaseError(reason: .diskFull, path: location, message: message)
    case "25006":
      return DatabaseError(reason: .readOnly, path: location, message: message)
    default:
      if state.hasPrefix("08") || state.hasPrefix("57P") {
        return DatabaseError(reason: .other, path: location, message: lostConnection)
      }
      return DatabaseError(
        reason: .other, path: location, message: "\(message) (SQLSTATE \(state))")
    }
  }

  /// Anything else a transaction threw: a ``ShoppingStorage/DatabaseError`` as it is, any
  /// other error in words that name no library.
  static func unexpected(_ error: any Error, location: String) -> DatabaseError {
    if let error = error as? DatabaseError { return error }
    return DatabaseError(
      reason: .other, path: location,
      message: "the command failed unexpectedly; nothing of it was written")
  }

  static let lostConnection =
    "the connection to the server was lost; nothing of this command was written"

  private static let unreachable = "the server cannot be reached"

  /// A refusal PostgreSQL sent while letting a user in, by its SQLSTATE.
  private static func refusal(
    state: String, serverMessage: String?
  ) -> (DatabaseError.Reason, String) {
    switch state {
    case "28P01": (.accessDenied, "the password is wrong")
    case "28000": (.accessDenied, "the server does not let this user in from here")
    case "42501": (.accessDenied, "the user may not use this database")
    case "3D000": (.cannotOpen, "the server has no such database")
    case "57P03": (.unreachable, "the server is starting up or shutting down")
    case "53300": (.unreachable, "the server has no connection to spare")
    default:
      (
        .unreachable,
        (serverMessage ?? "the server refused the connection") + " (SQLSTATE \(state))"
      )
    }
  }

  /// Why the server could not be reached, from the error NIO met.
  private static func reach(_ error: any Error) -> String {
    switch error {
    case let error as NIOConnectionError:
      // Every address tried failed; none at all means the name has none.
      return error.connectionErrors.first.map { reach($0.error) } ?? "unknown host"
    case is SocketAddressError.UnknownHost:
      return "unknown host"
    case let error as IOError:
      switch error.errnoCode {
      case ECONNREFUSED: return "the server refused the connection"
      case ETIMEDOUT: return "the server did not answer in time"
      case ENETUNREACH: return "the network is unreachable"
      case EHOSTUNREACH: return "no route to the host"
      case ECONNRESET, EPIPE: return "the server closed the connection"
      default: return unreachable
      }
    case let error as ChannelError:
      if case .connectTimeout = error { return "the server did not answer in time" }
      return "the server closed the connection"
    case is NIOSSLError, is BoringSSLError:
      return "TLS with the server failed (with verify-full: its certificate or name did not check)"
    default:
      return unreachable
    }
  }
}
