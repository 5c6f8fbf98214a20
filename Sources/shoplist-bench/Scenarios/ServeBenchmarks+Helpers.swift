import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the serve rows need around them: a certificate, the hello server, a process's CPU
/// time, the list's first item, wrk's PATCH script.
extension ServeBenchmarks {
  /// A self-signed certificate for 127.0.0.1 and its key, made by `openssl` in `folder`; `nil`
  /// without openssl. wrk does not check certificates, so no authority is needed.
  static func certificate(in folder: String) throws -> (chain: String, key: String)? {
    guard executable("/usr/bin/openssl") else { return nil }
    let pair = (chain: folder + "/serve.pem", key: folder + "/serve.key")
    _ = try Server.run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", pair.key, "-out", pair.chain, "-days", "2", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1",
      ])
    guard FileManager.default.fileExists(atPath: pair.chain) else {
      throw BenchError("openssl made no certificate for the serve rows")
    }
    return pair
  }

  static var helloPath: String? {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("shoplist-bench-hello").path
    return executable(path) ? path : nil
  }

  static func executable(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  static func toSeconds(_ number: Substring, _ unit: Substring) -> Double {
    let value = Double(number) ?? 0
    switch unit {
    case "us": return value / 1_000_000
    case "ms": return value / 1_000
    default: return value
    }
  }

  /// User and system CPU time of a process so far, from /proc.
  static func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // After the name: state is field 3, utime 14 and stime 15 (1-based, whole line).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return 0
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  static func firstItemID(_ tool: ShoplistTool, _ database: String, scratch: String) throws
    -> String
  {
    let text = try ChildProcess.output(
      of: tool.command(database, ["list", "--json"]), scratch: scratch)
    guard let match = text.firstMatch(of: /"id": "([0-9A-F-]{36})"/) else {
      throw BenchError("no item in the serve store")
    }
    return String(match.1)
  }

  /// A wrk script sending PATCH requests that check and uncheck the item in turn (its own
  /// headers replace wrk's `-H` ones, so it names the token itself).
  static func patchScript(id: String) -> String {
    """
    local n = 0
    request = function()
      n = n + 1
      local body = (n % 2 == 0) and '{"checked": true}' or '{"checked": false}'
      return wrk.format("PATCH", nil, {
        ["Content-Type"] = "application/json", ["Authorization"] = "Bearer \(token)"
      }, body)
    end
    """
  }
}
