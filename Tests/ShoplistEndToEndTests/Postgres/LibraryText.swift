/// The marks of a library's own text in a message meant for a person: the names of its
/// types, cases and functions, as their descriptions print them (`PSQLError`,
/// `serverClosedConnection`, `read(descriptor:pointer:size:)`, `NIOCore.IOError`).
enum LibraryText {
  static let names = [
    "PSQLError", "PostgresNIO", "PostgresDecodingError", "NIOCore", "NIOPosix", "NIOSSL",
    "IOError", "ChannelError", "NIOConnectionError", "SocketAddressError", "BoringSSL",
    "serverClosedConnection", "clientClosedConnection", "connectionError", "uncleanShutdown",
    "read(descriptor", "errno:", "Code:",
  ]

  /// What of a library's text `message` shows: the names above, a camelCase word joined to a
  /// dot or a parenthesis (`.connectTimeout`, `connectTimeout(`), and a function's labels
  /// (`write(buffer:`).
  static func found(in message: String) -> [String] {
    var found = names.filter { message.contains($0) }
    found += message.matches(of: /\.[a-z]+[A-Z]\w*|\b[a-z]+[A-Z]\w*[.(]|\b\w+\(\w+:/)
      .map { String($0.output) }
    return found
  }
}
