extension Array where Element == String {
  /// The strings with `separator` between them, as the standard library's `joined(separator:)`
  /// makes them, for arrays of strings: it takes the place of that method wherever this module
  /// is imported.
  ///
  /// The standard library's method is generic over the collection and cannot be specialized
  /// into the caller, so it runs as generic code; its first call has the Swift run time look
  /// up the array's iterator type, which scans every protocol conformance record in the
  /// executable (8,000 of them, about 0.1 ms of a command's 4 ms; see BENCHMARKS.md). This
  /// one is concrete. It is `package`: shoplist's own modules use it, and a program embedding
  /// shoplist keeps the standard library's method.
  package func joined(separator: String = "") -> String {
    guard let first else { return "" }
    var text = first
    var length = first.utf8.count
    for index in 1..<count { length += separator.utf8.count + self[index].utf8.count }
    text.reserveCapacity(length)
    for index in 1..<count {
      text += separator
      text += self[index]
    }
    return text
  }
}
