import NIOSSL
import ShoppingCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The certificate chain and private key `serve` answers HTTPS with, read from PEM files and
/// checked before the server listens: a file that is missing, unreadable, not PEM, a key
/// protected by a passphrase, or a key that does not belong to the certificate is refused with
/// words saying which and why, never found out by the first phone that connects.
///
/// ```swift
/// let certificate = try ServerCertificate(chain: "fullchain.pem", key: "privkey.pem")
/// let server = ShoplistServer(service: service, configuration: .init(
///   token: token, certificate: certificate))
/// ```
public struct ServerCertificate: Sendable {
  /// TLS 1.2 or later, with the chain and key; checked to make a TLS context.
  let configuration: TLSConfiguration

  /// Why a certificate or key cannot be served; ``description`` says it in words.
  public struct LoadError: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// The largest file taken as a certificate chain or key: real ones are a few kilobytes.
  static let largestFile = 1 << 20

  /// Reads the PEM certificate chain at `chain` (the server's certificate first, then the
  /// intermediates) and the PEM private key at `key`, and checks that they belong together.
  ///
  /// - Throws: ``LoadError`` naming the file and what is wrong with it.
  public init(chain: String, key: String) throws(LoadError) {
    let chainText = try Self.contents(of: chain, called: "certificate")
    let keyText = try Self.contents(of: key, called: "key")
    let certificates: [NIOSSLCertificate]
    do {
      certificates = try NIOSSLCertificate.fromPEMBytes(chainText)
    } catch {
      throw Self.notPEM(chain, called: "certificate", holding: chainText)
    }
    let privateKey = try Self.privateKey(keyText, path: key)
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    configuration.minimumTLSVersion = .tlsv12
    // Making the context is where a key that is not the certificate's is found.
    do {
      _ = try NIOSSLContext(configuration: configuration)
    } catch {
      throw LoadError(
        description:
          "the key \(Self.shown(key)) does not match the certificate \(Self.shown(chain))")
    }
    self.configuration = configuration
  }

  /// A private key from PEM text, refusing one encrypted with a passphrase rather than asking
  /// for it on the terminal (a service has none to answer).
  private static func privateKey(_ text: [UInt8], path: String) throws(LoadError)
    -> NIOSSLPrivateKey
  {
    if text.isEmpty { throw notPEM(path, called: "key", holding: text) }
    let encrypted = String(decoding: text, as: UTF8.self).contains("ENCRYPTED")
    do {
      let refuse: NIOSSLPassphraseCallback<[UInt8]> = { _ in throw LoadError(description: "") }
      return try NIOSSLPrivateKey(bytes: text, format: .pem, passphraseCallback: refuse)
    } catch {
      guard encrypted else { throw notPEM(path, called: "key", holding: text) }
      throw LoadError(
        description: "the key \(shown(path)) is protected by a passphrase; give it without one "
          + "(openssl pkey -in \(shown(path)) -out NEW.pem)")
    }
  }

  /// What a file that is no PEM certificate (or key) is told, naming a swap of the two options
  /// when the file holds the other one.
  private static func notPEM(_ path: String, called kind: String, holding text: [UInt8])
    -> LoadError
  {
    let content = String(decoding: text, as: UTF8.self)
    let other = kind == "key" ? "CERTIFICATE-----" : "PRIVATE KEY-----"
    if content.contains(other) {
      let holds = kind == "key" ? "a certificate" : "a private key"
      return LoadError(
        description: "the \(kind) \(shown(path)) holds \(holds), not a \(kind): "
          + "are --tls-cert and --tls-key the wrong way round?")
    }
    let what = kind == "key" ? "private key" : "certificate"
    return LoadError(description: "the \(kind) \(shown(path)) holds no PEM \(what)")
  }

  /// The bytes of the file at `path`, or why they cannot be had.
  private static func contents(of path: String, called kind: String) throws(LoadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LoadError(
        description: "cannot read the \(kind) \(shown(path)): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw LoadError(description: "cannot read the \(kind) \(shown(path)): it is a folder")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw LoadError(
          description:
            "cannot read the \(kind) \(shown(path)): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= largestFile else {
        throw LoadError(
          description: "the \(kind) \(shown(path)) is too large to be a PEM \(kind) (over 1 MiB)")
      }
    }
  }

  private static func shown(_ path: String) -> String { DisplayText.escaped(path) }
}
