import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The process exit statuses of the contract (sysexits.h values).
enum ExitStatus: Int32, CaseIterable {
  case success = 0
  case usage = 64
  case data = 65
  case noInput = 66
  case unavailable = 69
  case cannotCreate = 73
  case ioError = 74
  case temporaryFailure = 75
  case permissionDenied = 77
  case configuration = 78

  /// What the status means, as the root help lists it.
  var meaning: String {
    switch self {
    case .success: "success"
    case .usage: "usage"
    case .data: "bad data"
    case .noInput: "unreadable input"
    case .unavailable: "PostgreSQL server unreachable"
    case .cannotCreate: "output file cannot be made"
    case .ioError: "database unusable"
    case .temporaryFailure: "database busy"
    case .permissionDenied: "PostgreSQL refused the user"
    case .configuration: "database from a newer shoplist"
    }
  }

  /// Every status with its meaning, in order: `0 success, 64 usage, …`.
  static var summary: String {
    allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")
  }

  /// The status and the one-line message for an error a command threw: what the error says
  /// of itself (``ShoppingCore/ShoplistError``).
  static func failure(for error: any Error) -> (status: ExitStatus, message: String) {
    if case let .mistypedList(name, _) = error as? ShoppingError {
      // The way to make the list after all, for when the name was meant.
      let create = CommandLabel.make(["lists", "create", name])
      return (.data, "\(error) (\(create) makes it)")
    }
    guard let error = error as? any ShoplistError else {
      return (.ioError, String(describing: error))
    }
    return (ExitStatus(rawValue: error.exitStatus) ?? .ioError, error.description)
  }
}
