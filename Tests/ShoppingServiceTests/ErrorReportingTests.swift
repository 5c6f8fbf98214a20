import Foundation
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer
import Testing

/// Every error the libraries throw says itself how a front end reports it — its line, the
/// command line's exit status and the server's HTTP status — as the contract gives them.
@Suite struct ErrorReportingTests {
  static let bread = Product(
    id: UUID(counting: 1), name: "Bread", addedAt: Date(timeIntervalSince1970: 0),
    updatedAt: Date(timeIntervalSince1970: 0))

  static let cases: [(error: any ShoplistError, exit: Int32, http: Int)] = [
    (ShoppingError.noSuchItem("mlk", list: "shopping", nearest: "milk"), 65, 404),
    (ShoppingError.noSuchList("party"), 65, 404),
    (ShoppingError.mistypedList("Lid", nearest: "Lidl"), 65, 404),
    (ShoppingError.itemNameTaken("Milk", list: "shopping"), 65, 409),
    (ShoppingError.listNameTaken("party"), 65, 409),
    (ShoppingError.listNotEmpty("party", items: 3), 65, 409),
    (ShoppingError.invalidQuantity("lots"), 65, 422),
    (ShoppingError.invalidPosition(0), 65, 422),
    (ShoppingError.duplicateCategory("Dairy"), 65, 422),
    (ShoppingError.ambiguousReference("b", candidates: ["Bread", "Beer"], list: "x"), 65, 422),
    (HistoryError.nothingToUndo, 65, 409),
    (HistoryError.noSuchEntry(12), 65, 404),
    (MemberError.alreadyMember("Ana"), 65, 409),
    (MemberError.noSuchMember("Bo", nearest: nil), 65, 404),
    (
      PreconditionFailure(
        precondition: .absent, item: bread, position: 2, list: "shopping"), 65, 412
    ),
    (DatabaseError(reason: .busy, path: "/x", message: ""), 75, 503),
    (DatabaseError(reason: .newerSchema(version: 9, supported: 5), path: "/x", message: ""), 78, 503),
    (DatabaseError(reason: .constraintViolation, path: "/x", message: ""), 65, 503),
    (DatabaseError(reason: .corrupt, path: "/x", message: ""), 74, 503),
    (DatabaseError(reason: .readOnly, path: "/x", message: ""), 74, 503),
    (TransferError(.unreadableInput, "no file"), 66, 400),
    (TransferError(.cannotCreateOutput, "a folder"), 73, 500),
    (TransferError(.cannotWriteOutput, "disk full"), 74, 500),
  ]

  @Test(arguments: 0..<cases.count)
  func eachErrorCarriesItsLineAndStatuses(index: Int) {
    let (error, exit, http) = Self.cases[index]
    #expect(error.exitStatus == exit, "\(error)")
    #expect(error.httpStatus == http, "\(error)")
    #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error)")
  }
}
