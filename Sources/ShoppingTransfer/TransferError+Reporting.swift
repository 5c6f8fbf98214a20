import ShoppingCore

extension TransferError: ShoplistError {
  public var exitStatus: Int32 {
    switch kind {
    case .unreadableInput: 66
    case .cannotCreateOutput: 73
    case .cannotWriteOutput: 74
    }
  }

  public var httpStatus: Int {
    kind == .unreadableInput ? 400 : 500
  }
}
