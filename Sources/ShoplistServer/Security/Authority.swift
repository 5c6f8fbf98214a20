/// The host and port of an HTTP `Host` header or of an origin (`http://host:port`), in the form
/// they are compared under: the host in lower case without a trailing dot, an IPv6 address
/// without its brackets.
struct Authority: Hashable, Sendable, CustomStringConvertible {
  var host: String
  /// `nil` when not written (the scheme's default port then applies).
  var port: Int?

  /// Parses `host`, `host:port`, `[v6]` or `[v6]:port`; `nil` for anything else.
  init?(parsing text: some StringProtocol) {
    let text = String(text)
    guard !text.isEmpty,
      text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "@" })
    else { return nil }
    var host: Substring
    var portText: Substring?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      let rest = text[text.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count <= 2 else { return nil }
      host = parts[0]
      portText = parts.count == 2 ? parts[1] : nil
    }
    if host.hasSuffix(".") { host = host.dropLast() }
    guard !host.isEmpty, !host.contains("/") else { return nil }
    if let portText {
      guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII),
        let port = Int(portText), (1...65_535).contains(port)
      else { return nil }
      self.port = port
    }
    self.host = host.lowercased()
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
