import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a client is, as far as limits per client go: its IPv4 address, or the /64 network of
/// its IPv6 address. An IPv6 host is handed a whole /64 and may use any address in it, so
/// counting single IPv6 addresses would let one client escape every limit by changing address;
/// an IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) counts as that IPv4 address.
struct ClientPrefix: Hashable, Sendable, CustomStringConvertible {
  /// The address's bytes that count: 4 for IPv4, the first 8 for IPv6.
  private let bytes: [UInt8]

  /// The prefix of an address given as text (`192.0.2.1`, `2001:db8::1`), nil if it is none.
  init?(_ text: String) {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      self.init(v4)
      return
    }
    var v6 = in6_addr()
    let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
    guard inet_pton(AF_INET6, bare, &v6) == 1 else { return nil }
    self.init(v6)
  }

  /// The prefix of a connection's peer, nil for a peer that has no IP address (a Unix socket).
  init?(_ address: SocketAddress?) {
    switch address {
    case .v4(let v4): self.init(v4.address.sin_addr)
    case .v6(let v6): self.init(v6.address.sin6_addr)
    default: return nil
    }
  }

  private init(_ address: in_addr) {
    bytes = withUnsafeBytes(of: address.s_addr) { Array($0) }
  }

  private init(_ address: in6_addr) {
    let all = withUnsafeBytes(of: address) { Array($0) }
    let mappedIPv4: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
    bytes = all.prefix(12).elementsEqual(mappedIPv4) ? Array(all.suffix(4)) : Array(all.prefix(8))
  }

  /// The address (IPv4) or network (IPv6, as `2001:db8:0:1::/64`).
  var description: String {
    if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
    let groups = stride(from: 0, to: 8, by: 2).map {
      String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
    }
    return groups.joined(separator: ":") + "::/64"
  }
}
