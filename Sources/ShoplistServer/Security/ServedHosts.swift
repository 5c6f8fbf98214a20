/// The host names a request's `Host` may carry: the address served, `localhost`, and the host
/// of the public address (`--url`). Any other name is a page elsewhere that had its own name
/// resolve to this machine (DNS rebinding): it is answered 421 and never reaches the lists.
///
/// A server listening on every address (`0.0.0.0`, `::`) is served at each address of this
/// machine, so each of those is accepted; an address is never a rebinding (the browser's origin
/// is then the address itself).
struct ServedHosts: Sendable {
  let hosts: Set<String>

  /// - Parameters:
  ///   - listening: The address listened on (`--host`).
  ///   - publicURL: The address people open when it is not the one served.
  ///   - localAddresses: This machine's addresses, read when listening on every address.
  init(
    listening: String, publicURL: Authority?,
    localAddresses: @autoclosure () -> [String] = NetworkAddress.all()
  ) {
    var hosts: Set<String> = ["localhost"]
    if NetworkAddress.isWildcard(listening) {
      hosts.formUnion(localAddresses().map { $0.lowercased() })
    } else if let own = Authority(parsing: listening.contains(":") ? "[\(listening)]" : listening) {
      hosts.insert(own.host)
    }
    if let publicURL { hosts.insert(publicURL.host) }
    self.hosts = hosts
  }

  /// Whether a request naming `authority` in its `Host` is for this server.
  func accepts(_ authority: Authority) -> Bool {
    hosts.contains(authority.host)
  }
}
