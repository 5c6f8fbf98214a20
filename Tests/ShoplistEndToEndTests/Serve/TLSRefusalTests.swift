import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// What `serve` says, before it listens, about a certificate and key it cannot serve: exit 66
/// with the file and the reason in one line; one of the two options alone is exit 64. Nothing
/// is served and the database is not even created.
@Suite(.offThePool, .sqlitePass) struct TLSRefusalTests {
  @Test func aMissingCertificateOrKeyIsExit66() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let missing = shoplist.folder.appendingPathComponent("nowhere.pem").path

    try Self.expectRefused(
      shoplist, cert: missing, key: certificates.key,
      "cannot read the certificate \(missing): No such file or directory")
    try Self.expectRefused(
      shoplist, cert: certificates.chain, key: missing,
      "cannot read the key \(missing): No such file or directory")
    try Self.expectRefused(
      shoplist, cert: shoplist.folder.path, key: certificates.key,
      "cannot read the certificate \(shoplist.folder.path): it is a folder")
  }

  @Test func anUnreadableKeyIsExit66() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o000], ofItemAtPath: certificates.key)
    // Root reads any file: the refusal is seen as a user without that right.
    let user = getuid() == 0 ? 65_534 : nil
    if user != nil {
      for path in [shoplist.folder.path, shoplist.folder.appendingPathComponent("tls").path] {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: certificates.chain)
    }

    let result = try shoplist.run(
      arguments: ["serve", "--port", "0"] + certificates.options, asUser: user)

    #expect(result.status == 66, "\(result)")
    #expect(
      result.stderr == "shoplist: cannot read the key \(certificates.key): Permission denied\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test func garbageIsExit66() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let garbage = shoplist.folder.appendingPathComponent("garbage.pem").path
    try Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
      .write(to: URL(fileURLWithPath: garbage))
    let empty = shoplist.folder.appendingPathComponent("empty.pem").path
    _ = FileManager.default.createFile(atPath: empty, contents: Data())

    try Self.expectRefused(
      shoplist, cert: garbage, key: certificates.key,
      "the certificate \(garbage) holds no PEM certificate")
    try Self.expectRefused(
      shoplist, cert: certificates.chain, key: garbage,
      "the key \(garbage) holds no PEM private key")
    try Self.expectRefused(
      shoplist, cert: empty, key: certificates.key,
      "the certificate \(empty) holds no PEM certificate")
    try Self.expectRefused(
      shoplist, cert: certificates.chain, key: empty, "the key \(empty) holds no PEM private key")
  }

  @Test func aKeyThatIsNotTheCertificatesIsExit66() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    try Self.expectRefused(
      shoplist, cert: certificates.chain, key: certificates.otherKey,
      "the key \(certificates.otherKey) does not match the certificate \(certificates.chain)")
  }

  @Test func theTwoFilesGivenTheWrongWayRoundAreSaidToBe() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    try Self.expectRefused(
      shoplist, cert: certificates.key, key: certificates.chain,
      "the certificate \(certificates.key) holds a private key, not a certificate: "
        + "are --tls-cert and --tls-key the wrong way round?")
  }

  @Test func aKeyWithAPassphraseIsRefusedWithoutAskingForIt() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)
    let locked = shoplist.folder.appendingPathComponent("tls/locked.key").path
    let made = try shoplist.runTool(
      "/usr/bin/openssl",
      ["pkey", "-in", certificates.key, "-out", locked, "-aes256", "-passout", "pass:secret"])
    #expect(made.status == 0, "\(made)")

    try Self.expectRefused(
      shoplist, cert: certificates.chain, key: locked,
      "the key \(locked) is protected by a passphrase; give it without one "
        + "(openssl pkey -in \(locked) -out NEW.pem)")
  }

  @Test func oneOptionWithoutTheOtherIsExit64() throws {
    let shoplist = try Shoplist()
    let certificates = try TestCertificates(in: shoplist)

    let certOnly = try shoplist.run("serve", "--port", "0", "--tls-cert", certificates.chain)
    #expect(certOnly.status == 64, "\(certOnly)")
    #expect(
      certOnly.stderr.hasPrefix(
        "shoplist: --tls-cert needs --tls-key, the file with the certificate's private key"),
      "\(certOnly.stderr)")
    let keyOnly = try shoplist.run("serve", "--port", "0", "--tls-key", certificates.key)
    #expect(keyOnly.status == 64, "\(keyOnly)")
    #expect(
      keyOnly.stderr.hasPrefix(
        "shoplist: --tls-key needs --tls-cert, the file with the certificate chain"),
      "\(keyOnly.stderr)")
    #expect(certOnly.stdout.isEmpty && keyOnly.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  /// `serve` with the pair refuses it: exit 66, `message` on stderr, nothing on stdout, and
  /// no database made.
  static func expectRefused(
    _ shoplist: Shoplist, cert: String, key: String, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try shoplist.run(
      "serve", "--port", "0", "--tls-cert", cert, "--tls-key", key)
    #expect(result.status == 66, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "shoplist: \(message)\n", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
      !FileManager.default.fileExists(atPath: shoplist.database.path),
      sourceLocation: sourceLocation)
  }
}
