import ShoppingCore

/// Failures of the command line itself, as opposed to the domain's or the database's.
enum CommandError: Error, Equatable {
  /// The command was called wrongly (exit 64).
  case usage(String)
  /// A bad value the user gave (exit 65).
  case data(String)
  /// A file the command must read is missing, unreadable or not what it should be: `serve`'s
  /// certificate and key (exit 66).
  case noInput(String)
  /// Output that cannot be written (exit 74).
  case output(String)
  /// A service the command needs cannot be had: `serve` cannot listen where it was told
  /// (exit 69).
  case unavailable(String)
}

extension CommandError: ShoplistError {
  var description: String {
    switch self {
    case let .usage(message), let .data(message), let .noInput(message), let .output(message),
      let .unavailable(message):
      message
    }
  }

  var exitStatus: Int32 {
    switch self {
    case .usage: 64
    case .data: 65
    case .noInput: 66
    case .output: 74
    case .unavailable: 69
    }
  }

  /// The command line's own failures never reach the server.
  var httpStatus: Int { 500 }
}
