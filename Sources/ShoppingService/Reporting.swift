import ShoppingCore

extension HistoryError: ShoplistError {
  public var exitStatus: Int32 { 65 }

  /// 404 for an entry the history does not have; any other refusal is the history standing
  /// in the way: 409.
  public var httpStatus: Int {
    if case .noSuchEntry = self { return 404 }
    return 409
  }
}

extension MemberError: ShoplistError {
  public var exitStatus: Int32 { 65 }

  public var httpStatus: Int {
    switch self {
    case .alreadyMember: 409
    case .noSuchMember: 404
    case .removed: 401
    }
  }
}

extension PreconditionFailure: ShoplistError {
  public var exitStatus: Int32 { 65 }
  public var httpStatus: Int { 412 }
}

extension CopyError: ShoplistError {
  public var exitStatus: Int32 {
    switch self {
    case .noSource: 66
    case .targetNotEmpty: 65
    }
  }

  public var httpStatus: Int { 409 }
}
