import ArgumentParser
import ShoppingCore
import ShoppingStorage

struct MembersListCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show the members and their devices, when each joined and was last seen.",
    discussion: "Examples:\n  shoplist members\n  shoplist members list --json"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let members = try context.openService(access: .read).members()
    try context.report(text: Self.table(members), json: MemberDocuments.members(members))
  }

  /// A line per member under a heading — the name, when they joined (`—` while no device
  /// has) and when they were last seen (`never` before then) — and, under a member with more
  /// than one device, a line per device, aligned.
  static func table(_ members: [Member]) -> String {
    guard !members.isEmpty else {
      return "no members yet; shoplist members add NAME invites one"
    }
    var rows = [["name", "joined", "last seen"]]
    for member in members {
      rows.append([
        DisplayText.escaped(member.name),
        member.joinedAt.map(Describe.localTime) ?? "—",
        member.lastSeenAt.map(Describe.localTime) ?? "never",
      ])
      guard member.devices.count > 1 else { continue }
      for (number, device) in member.devices.enumerated() {
        rows.append([
          "  device \(number + 1)", Describe.localTime(device.joinedAt),
          device.lastSeenAt.map(Describe.localTime) ?? "never",
        ])
      }
    }
    let widths = (0..<2).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    return rows.map { row in
      DisplayWidth.padded(row[0], to: widths[0]) + "  "
        + DisplayWidth.padded(row[1], to: widths[1]) + "  " + row[2]
    }.joined(separator: "\n")
  }
}
