/// The host and port of an HTTP `Host` header or of an origin (`http://host:port`), in the form
/// they are compared under: the host in lower case without a trailing dot, an IPv6 address
/// without its brackets.
struct Authority: Hashable, Sendable, CustomStringConvertible {
  var host: String
  /// `nil` when not written (the scheme's default port then applies).
  var port: Int?

  /// Parses `host`, `host:port`, `[v6]` or `[v6]:port`; `nil` for anything else.
  ///
  /// Read byte by byte: every request's `Host` header comes through here.
  init?(parsing text: some StringProtocol) {
    var text = String(text)
    guard let parsed = text.withUTF8(Self.parse) else { return nil }
    self = parsed
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Authority? {
    // Printable ASCII only, without spaces or a user part.
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != ascii("@") })
    else { return nil }
    var host: Range<Int>
    var port: Range<Int>?
    if bytes[0] == ascii("[") {
      guard let close = bytes.firstIndex(of: ascii("]")) else { return nil }
      host = 1..<close
      if close + 1 < bytes.count {
        guard bytes[close + 1] == ascii(":") else { return nil }
        port = close + 2..<bytes.count
      }
    } else if let colon = bytes.firstIndex(of: ascii(":")) {
      guard !bytes[(colon + 1)...].contains(ascii(":")) else { return nil }
      host = 0..<colon
      port = colon + 1..<bytes.count
    } else {
      host = 0..<bytes.count
    }
    if !host.isEmpty, bytes[host.upperBound - 1] == ascii(".") {
      host = host.lowerBound..<host.upperBound - 1
    }
    guard !host.isEmpty, !bytes[host].contains(ascii("/")) else { return nil }
    var number: Int?
    if let port {
      guard let value = portNumber(bytes[port]) else { return nil }
      number = value
    }
    let lowered = bytes[host].map { $0 >= ascii("A") && $0 <= ascii("Z") ? $0 + 0x20 : $0 }
    return Authority(lowered: String(decoding: lowered, as: UTF8.self), port: number)
  }

  /// A port as `Int` reads one (an optional `+`, then digits), from 1 to 65535, written in
  /// five characters at most.
  private static func portNumber(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    guard (1...5).contains(text.count) else { return nil }
    let digits = text.first == ascii("+") ? text.dropFirst() : text
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= ascii("0"), byte <= ascii("9") else { return nil }
      value = value * 10 + Int(byte - ascii("0"))
    }
    return (1...65_535).contains(value) ? value : nil
  }

  private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

  private init(lowered host: String, port: Int?) {
    self.host = host
    self.port = port
  }

  init(host: String, port: Int?) {
    self.host = host.lowercased()
    self.port = port
  }

  /// The authority of an origin or absolute URL (`https://example.com:8443/…`), with the
  /// scheme's default port filled in; `nil` unless the scheme is `http` or `https`.
  init?(origin: some StringProtocol) {
    let text = String(origin)
    let scheme: String
    if text.lowercased().hasPrefix("http://") {
      scheme = "http"
    } else if text.lowercased().hasPrefix("https://") {
      scheme = "https"
    } else {
      return nil
    }
    let rest = text.dropFirst(scheme.count + 3)
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    guard var authority = Authority(parsing: rest[..<end]) else { return nil }
    authority.port = authority.port ?? Self.defaultPort(scheme)
    self = authority
  }

  /// 80 for `http`, 443 for `https`.
  static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }

  /// Whether this is an IP address rather than a name.
  var isIPAddress: Bool {
    host.contains(":") || (!host.isEmpty && host.allSatisfy { $0.isNumber || $0 == "." })
  }

  var description: String {
    let shown = host.contains(":") ? "[\(host)]" : host
    return port.map { "\(shown):\($0)" } ?? shown
  }
}
