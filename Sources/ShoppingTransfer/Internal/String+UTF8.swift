extension String {
  /// The text of `bytes` if they are valid UTF-8, else `nil`: what every import reader needs
  /// of a field or a line.
  ///
  /// Decoding puts U+FFFD in place of every invalid sequence, so the bytes were valid exactly
  /// when the text's are the same bytes. `String(validating:as:)` does the same job through a
  /// generic, unspecialised path that took a fifth of the CSV reader's time.
  init?(importedUTF8 bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    // ASCII, the usual field, is valid as it is: no second pass over the text to compare.
    let isASCII = bytes.withContiguousStorageIfAvailable { field in
      !field.contains { $0 >= 0x80 }
    }
    if isASCII == true {
      self = text
      return
    }
    guard text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }
}
