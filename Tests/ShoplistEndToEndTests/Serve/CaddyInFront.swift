import Foundation
import ShoplistTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's `caddy` on loopback in front of `shoplist serve`, running a site block from the
/// README with its own certificate authority (`local_certs`) instead of Let's Encrypt, and
/// its state in the test's folder: it neither asks the internet for anything nor installs its
/// authority into this machine's trust store.
final class CaddyInFront {
  let process = Subprocess()
  /// The authority's certificate, what clients trust (`curl --cacert`); there once Caddy runs.
  let root: String
  private let log: URL

  /// Starts Caddy with `site`, its upstream `127.0.0.1:8080` moved to `upstreamPort`, answering
  /// HTTPS on `httpsPort`.
  init(_ shoplist: Shoplist, site: String, upstreamPort: Int, httpsPort: Int) throws {
    guard site.contains("reverse_proxy 127.0.0.1:8080") else {
      throw Shoplist.Failure("the README's Caddyfile no longer proxies to 127.0.0.1:8080")
    }
    let folder = shoplist.folder.appendingPathComponent("caddy").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    root = folder + "/data/pki/authorities/local/root.crt"
    let httpPort = try ExposureTests.freePort()
    let caddyfile = """
      {
      \tadmin off
      \thttp_port \(httpPort)
      \thttps_port \(httpsPort)
      \tdefault_bind 127.0.0.1
      \tlocal_certs
      \tskip_install_trust
      \tstorage file_system \(folder)/data
      }

      """
      + site.replacingOccurrences(
        of: "reverse_proxy 127.0.0.1:8080", with: "reverse_proxy 127.0.0.1:\(upstreamPort)")
    let file = folder + "/Caddyfile"
    try caddyfile.write(toFile: file, atomically: true, encoding: .utf8)
    log = URL(fileURLWithPath: folder + "/caddy.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/caddy")
    process.arguments = ["run", "--config", file, "--adapter", "caddyfile"]
    process.environment = [
      "HOME": folder, "XDG_DATA_HOME": folder + "/xdg-data",
      "XDG_CONFIG_HOME": folder + "/xdg-config", "PATH": "/usr/bin:/bin",
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
  }

  /// Waits until a request through Caddy is answered by shoplist, its certificate trusted.
  func waitUntilServing(_ endpoint: Endpoint, curlOptions: [String]) throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if FileManager.default.fileExists(atPath: root),
        (try? endpoint.request("GET", "/api/lists", curlOptions: curlOptions))?.status == 200
      {
        return
      }
      guard process.isRunning else { break }
      usleep(100_000)
    }
    let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    throw Shoplist.Failure("Caddy did not serve shoplist: \(said.suffix(2_000))")
  }

  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }
}
