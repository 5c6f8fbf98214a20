#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables a command reads (`SHOPLIST_DB`, `SHOPLIST_LIST`, `HOME`, …):
/// the process's, looked up one name at a time, or a fixed set a test gives.
///
/// The process's are read with `getenv` when asked for rather than copied into a dictionary
/// up front: building `ProcessInfo`'s dictionary of every variable cost a single-item command
/// about a seventh of its instructions (see BENCHMARKS.md).
///
/// ```swift
/// let fixed: EnvironmentVariables = ["HOME": "/tmp/home"]
/// fixed["HOME"]  // "/tmp/home"
/// ```
public struct EnvironmentVariables: Sendable, ExpressibleByDictionaryLiteral {
  private enum Source: Sendable {
    case process
    case fixed([String: String])
  }

  private let source: Source

  /// The variables of this process, read when asked for.
  public static let process = EnvironmentVariables(source: .process)

  private init(source: Source) {
    self.source = source
  }

  /// A fixed set of variables.
  public init(_ variables: [String: String]) {
    source = .fixed(variables)
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements) { $1 })
  }

  /// The value of the variable `name`, `nil` when it is not set.
  public subscript(name: String) -> String? {
    switch source {
    case .process:
      guard let value = getenv(name) else { return nil }
      return String(cString: value)
    case let .fixed(variables):
      return variables[name]
    }
  }

  /// The value of `name` unless it is unset or empty: how shoplist treats every variable it
  /// reads.
  func nonEmpty(_ name: String) -> String? {
    self[name].flatMap { $0.isEmpty ? nil : $0 }
  }
}
