#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// This machine's addresses: the one `serve --host 0.0.0.0` prints, and the ones a request's
/// `Host` may name when the server listens on every address.
public enum NetworkAddress {
  /// Whether `host` means every address of this machine (`0.0.0.0`, `::`).
  public static func isWildcard(_ host: String) -> Bool {
    host == "0.0.0.0" || host == "::" || host == "[::]"
  }

  /// Whether `host` names this machine only, so that no phone can open it: `localhost`, an
  /// address of 127.0.0.0/8, `::1`, or an unspecified address left as it is.
  public static func isLoopback(_ host: String) -> Bool {
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    return bare.lowercased() == "localhost" || bare.hasPrefix("127.") || bare == "::1"
      || isWildcard(host)
  }

  /// Whether `text` is an IPv4 or IPv6 address in numeric form.
  public static func isIPAddress(_ text: String) -> Bool {
    ClientPrefix(text) != nil
  }

  /// The first IPv4 address of an interface that is up and not loopback.
  public static func firstNonLoopbackIPv4() -> String? {
    interfaceAddresses().first { !$0.isLoopback && !$0.isIPv6 }?.text
  }

  /// Every address of an interface that is up, loopback included, as numeric text.
  static func all() -> [String] {
    interfaceAddresses().map(\.text)
  }

  private struct Found {
    let text: String
    let isLoopback: Bool
    let isIPv6: Bool
  }

  private static func interfaceAddresses() -> [Found] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var found: [Found] = []
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      let flags = Int32(entry.pointee.ifa_flags)
      guard let address = entry.pointee.ifa_addr, flags & Int32(IFF_UP) != 0 else { continue }
      let family = Int32(address.pointee.sa_family)
      let length: Int
      switch family {
      case AF_INET: length = MemoryLayout<sockaddr_in>.size
      case AF_INET6: length = MemoryLayout<sockaddr_in6>.size
      default: continue
      }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard
        getnameinfo(
          address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
      else { continue }
      let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      var text = String(decoding: bytes, as: UTF8.self)
      // A link-local IPv6 address carries its interface (`fe80::1%eth0`); a Host header cannot.
      if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
      found.append(
        Found(
          text: text, isLoopback: flags & Int32(IFF_LOOPBACK) != 0, isIPv6: family == AF_INET6))
    }
    return found
  }
}
