import ShoppingCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an import reads from: a file opened for reading, or standard input for `-`.
public struct ImportInput: Sendable {
  /// The open descriptor; ``close()`` closes it unless it is standard input.
  let descriptor: Int32
  /// The input as messages name it: the path as given, or `stdin`.
  public let name: String
  /// The file's path, for its extension; `nil` for standard input.
  public let path: String?
  /// The size of a regular file, for progress; `nil` when unknown.
  public let size: Int?

  /// Opens `argument`, a path or `-`.
  ///
  /// - Throws: ``TransferError`` (``TransferError/Kind/unreadableInput``) when it is missing, a folder, or
  ///   unreadable.
  public static func opening(_ argument: String) throws(TransferError) -> ImportInput {
    if argument == "-" {
      return ImportInput(descriptor: 0, name: "stdin", path: nil, size: size(of: 0))
    }
    let descriptor = open(argument, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TransferError(
        .unreadableInput,
        "cannot read \(DisplayText.escaped(argument)): \(String(cString: strerror(errno)))"
      )
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      _ = closeDescriptor(descriptor)
      throw TransferError(
        .unreadableInput, "cannot read \(DisplayText.escaped(argument)): it is a folder"
      )
    }
    return ImportInput(
      descriptor: descriptor, name: argument, path: argument, size: size(of: descriptor)
    )
  }

  /// A fresh reader of the input's bytes, decoded from `encoding`. With
  /// ``ImportEncoding/auto``, a regular file is checked whole first (see ``EncodingScan``);
  /// a stream is decided on as it is read.
  ///
  /// - Throws: ``ImportError`` when a file cannot be read or is no text in any encoding auto
  ///   tries.
  func bytes(encoding: ImportEncoding = .auto) throws(ImportError) -> ByteReader {
    let decoder =
      encoding == .auto && size != nil
      ? try EncodingScan.decoder(forFile: descriptor, source: name) : TextDecoder(encoding)
    return ByteReader(descriptor: descriptor, source: name, decoder: decoder)
  }

  /// Closes a file; standard input stays open.
  public func close() {
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
