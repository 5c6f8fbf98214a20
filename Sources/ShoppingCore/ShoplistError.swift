/// An error shoplist reports to a person: every library error conforms, saying itself how each
/// front end reports it, so the command line and the server each catch once and map nothing.
///
/// Its `description` is the one line the user reads, without a program-name prefix.
///
/// ```swift
/// catch let error as any ShoplistError {
///   print("shoplist: \(error)")
///   exit(error.exitStatus)
/// }
/// ```
public protocol ShoplistError: Error, CustomStringConvertible {
  /// The command line's exit status for it (sysexits.h): 64 for a wrong call, 65 for bad
  /// data or a refused change, 66 for an unreadable input, 73 for an output that cannot be
  /// made, 74 for an input/output failure, 75 for a busy database, 78 for one from a newer
  /// shoplist.
  var exitStatus: Int32 { get }
  /// The status of the server's answer: 4xx for what the request got wrong, 503 for storage
  /// that cannot serve it now.
  var httpStatus: Int { get }
}

extension ShoppingError: ShoplistError {
  public var exitStatus: Int32 { 65 }

  public var httpStatus: Int {
    switch self {
    case .noSuchItem, .noSuchList, .mistypedList, .noSuchShop: 404
    case .itemNameTaken, .listNameTaken, .listNotEmpty, .shopNameTaken: 409
    case .invalidName, .invalidQuantity, .invalidText, .invalidPosition, .duplicateCategory,
      .ambiguousReference:
      422
    case .listNotLoaded, .noImportInProgress, .shopsNotLoaded: 500
    }
  }
}
