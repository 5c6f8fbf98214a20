#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an import reads from: a file opened for reading, or standard input for `-`.
struct ImportInput {
  /// The open descriptor; ``close()`` closes it unless it is standard input.
  let descriptor: Int32
  /// The input as messages name it: the path as given, or `stdin`.
  let name: String
  /// The file's path, for its extension; `nil` for standard input.
  let path: String?
  /// The size of a regular file, for progress; `nil` when unknown.
  let size: Int?

  /// Opens `argument`, a path or `-`.
  ///
  /// - Throws: ``CommandError/unreadableInput(_:)`` when it is missing, a folder, or
  ///   unreadable.
  static func opening(_ argument: String) throws(CommandError) -> ImportInput {
    if argument == "-" {
      return ImportInput(descriptor: 0, name: "stdin", path: nil, size: size(of: 0))
    }
    let descriptor = open(argument, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadableInput("cannot read \(argument): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      _ = closeDescriptor(descriptor)
      throw .unreadableInput("cannot read \(argument): it is a folder")
    }
    return ImportInput(
      descriptor: descriptor, name: argument, path: argument, size: size(of: descriptor)
    )
  }

  /// A fresh reader of the input's bytes.
  func bytes() -> ByteReader {
    ByteReader(descriptor: descriptor, source: name)
  }

  /// Closes a file; standard input stays open.
  func close() {
    if descriptor != 0 { _ = closeDescriptor(descriptor) }
  }

  private static func size(of descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
