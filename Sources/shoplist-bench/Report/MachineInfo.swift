import Foundation

/// What the numbers were measured on.
struct MachineInfo {
  let cores: Int
  let cpu: String
  let memoryBytes: Int
  let system: String

  static func current() -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    let kilobytes =
      value(of: "MemTotal", in: meminfo)?.split(separator: " ").first
      .flatMap { Int($0) } ?? 0
    return MachineInfo(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      cpu: value(of: "model name", in: cpuinfo) ?? "unknown CPU",
      memoryBytes: kilobytes * 1024,
      system: value(of: "PRETTY_NAME", in: release, separator: "=")?
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "Linux"
    )
  }

  /// The 1-, 5- and 15-minute load averages, from `/proc/loadavg`: other work on the machine
  /// shows up here, and in the medians.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    let fields = text.split(separator: " ").prefix(3)
    return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
  }

  /// `2 cores (nproc), AMD EPYC, 23.5 GiB memory, Debian GNU/Linux 12 (bookworm)`.
  var summary: String {
    let gibibytes = String(format: "%.1f GiB", Double(memoryBytes) / 1_073_741_824)
    return "\(cores) cores (`nproc`), \(cpu), \(gibibytes) memory, \(system)"
  }

  private static func value(
    of key: String, in text: String, separator: Character = ":"
  ) -> String? {
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: separator, maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else {
        continue
      }
      return parts[1].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }
}
