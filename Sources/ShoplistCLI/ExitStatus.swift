import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The process exit statuses of the contract (sysexits.h values).
enum ExitStatus: Int32 {
  case success = 0
  case usage = 64
  case data = 65
  case noInput = 66
  case unavailable = 69
  case cannotCreate = 73
  case ioError = 74
  case temporaryFailure = 75
  case configuration = 78

  /// The status and the one-line message for an error a command threw.
  static func failure(for error: any Error) -> (status: ExitStatus, message: String) {
    switch error {
    case let ShoppingError.mistypedList(name, _) as ShoppingError:
      // The way to make the list after all, for when the name was meant.
      let create = CommandLabel.make(["lists", "create", name])
      return (.data, "\(error) (\(create) makes it)")
    case let error as ShoppingError:
      return (.data, error.description)
    case let error as HistoryError:
      return (.data, error.description)
    case let error as MemberError:
      return (.data, error.description)
    case let error as CommandError:
      switch error {
      case let .usage(message): return (.usage, message)
      case let .data(message): return (.data, message)
      case let .noInput(message): return (.noInput, message)
      case let .output(message): return (.ioError, message)
      case let .unavailable(message): return (.unavailable, message)
      }
    case let error as DatabaseError:
      return (status(for: error), error.description)
    case let error as TransferError:
      switch error.kind {
      case .unreadableInput: return (.noInput, error.message)
      case .cannotCreateOutput: return (.cannotCreate, error.message)
      case .cannotWriteOutput: return (.ioError, error.message)
      }
    default:
      return (.ioError, String(describing: error))
    }
  }
}

extension ExitStatus {
  static func status(for error: DatabaseError) -> ExitStatus {
    switch error.category {
    case .busy: .temporaryFailure
    case .newerSchema: .configuration
    case .conflict: .data
    case .misuse, .unavailable: .ioError
    }
  }
}
