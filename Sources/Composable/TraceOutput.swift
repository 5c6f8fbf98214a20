#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Where trace lines go: standard error, a test's buffer, a log.
public struct TraceOutput: Sendable {
  /// Writes one chunk of text; chunks end with a newline.
  public var write: @Sendable (String) -> Void

  /// Creates an output from a closure that writes text.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The process's standard error.
  public static var standardError: Self {
    Self { text in
      var text = text
      text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = systemWrite(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
          guard written > 0 else { return }
          offset += written
        }
      }
    }
  }
}
