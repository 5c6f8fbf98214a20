import ShoppingStorage

/// Statements asked for one value: a count, a setting, a version.
extension Connection {
  /// Runs one statement and returns the first column of its first row, if any.
  func integer(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> Int? {
    var result: Int?
    try query(sql, values) { row throws(DatabaseError) in
      if result == nil, !row.isNull(0) { result = Int(row.integer(0)) }
    }
    return result
  }

  /// Runs one statement and returns the first column of its first row as text, if any.
  func text(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) -> String? {
    var result: String?
    try query(sql, values) { row throws(DatabaseError) in
      if result == nil { result = row.optionalText(0) }
    }
    return result
  }
}
