import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket of this test process on a port of 127.0.0.1 the system picked free.
enum LoopbackSocket {
  /// The socket's descriptor, bound (not yet listening), and its port; `nil` when none could
  /// be bound. The caller closes the descriptor.
  static func bound() -> (descriptor: Int32, port: Int)? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      return nil
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }
}
