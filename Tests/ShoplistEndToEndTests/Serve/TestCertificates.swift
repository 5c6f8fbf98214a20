import Foundation

/// A certificate authority and a server certificate for `127.0.0.1` and `localhost`, made by
/// Debian's `openssl` in a test's folder, as a household would make its own for a server at
/// home; and files that are not a usable pair, for the refusals.
struct TestCertificates {
  /// The authority's certificate: what clients trust (`curl --cacert`).
  let authority: String
  /// The server's certificate chain and its key.
  let chain: String
  let key: String
  /// A key of its own, belonging to no certificate here.
  let otherKey: String

  /// Makes them in `shoplist`'s folder (under `tls/`).
  init(in shoplist: Shoplist) throws {
    let folder = shoplist.folder.appendingPathComponent("tls").path
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
    let steps: [[String]] = [
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
    for step in steps {
      let made = try shoplist.runTool("/usr/bin/openssl", step)
      guard made.status == 0 else { throw Shoplist.Failure("openssl \(step[0]): \(made)") }
    }
  }

  /// `serve`'s options for the pair.
  var options: [String] { ["--tls-cert", chain, "--tls-key", key] }
}
