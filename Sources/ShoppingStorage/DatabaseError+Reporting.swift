import ShoppingCore

extension DatabaseError: ShoplistError {
  /// 75 when busy (try again), 78 for a database from a newer shoplist, 65 for a change the
  /// data refuses, 69 for a database server out of reach, 77 for a user it refused, 74
  /// otherwise.
  public var exitStatus: Int32 {
    switch category {
    case .busy: 75
    case .newerSchema: 78
    case .conflict: 65
    case .unreachable: 69
    case .accessDenied: 77
    case .misuse, .unavailable: 74
    }
  }

  /// 503: nothing a request sends makes the database fail; it is busy, full or unusable now.
  public var httpStatus: Int { 503 }
}
