import Foundation

/// A certificate authority and a server certificate for `127.0.0.1` and `localhost`, made by
/// Debian's `openssl` in a folder, as a household would make its own for a server at home;
/// and a key belonging to no certificate, for the refusals.
public struct TestCertificates: Sendable {
  /// The authority's certificate: what clients trust (`curl --cacert`).
  public let authority: String
  /// The server's certificate chain and its key.
  public let chain: String
  public let key: String
  /// A key of its own, belonging to no certificate here.
  public let otherKey: String
  /// The `openssl` runs that make them, in order.
  public let steps: [[String]]

  /// The certificates' files in `folder` (created), and the `openssl` runs that make them:
  /// the caller runs ``steps`` in its own way (a test waiting off the pool, or on a thread).
  public init(folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    authority = folder + "/ca.pem"
    chain = folder + "/server.pem"
    key = folder + "/server.key"
    otherKey = folder + "/other.key"
    let extensions = folder + "/server.ext"
    try """
    subjectAltName = DNS:localhost, IP:127.0.0.1
    basicConstraints = CA:FALSE
    keyUsage = digitalSignature
    extendedKeyUsage = serverAuth
    """.write(toFile: extensions, atomically: true, encoding: .utf8)
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    steps = [
      ["req", "-x509"] + curve
        + ["-keyout", folder + "/ca.key", "-out", authority, "-days", "2", "-subj", "/CN=Test CA"],
      ["req"] + curve
        + ["-keyout", key, "-out", folder + "/server.csr", "-subj", "/CN=localhost"],
      [
        "x509", "-req", "-in", folder + "/server.csr", "-CA", authority, "-CAkey",
        folder + "/ca.key", "-CAcreateserial", "-out", chain, "-days", "2", "-extfile",
        extensions,
      ],
      [
        "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1",
        "-out", otherKey,
      ],
    ]
  }

  /// Makes them in `folder`, running `openssl` without holding a thread of the pool.
  public static func make(in folder: String) async throws -> TestCertificates {
    let certificates = try TestCertificates(folder: folder)
    for step in certificates.steps {
      let made = try await ChildProcess.run("/usr/bin/openssl", step)
      guard made.status == 0 else {
        throw Failure(description: "openssl \(step[0]): \(made)")
      }
    }
    return certificates
  }

  /// An `openssl` run that failed.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// `serve`'s options for the pair.
  public var options: [String] { ["--tls-cert", chain, "--tls-key", key] }
}
