import ArgumentParser
import ShoppingCore
import ShoppingStorage

struct MembersListCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show the members, when each joined and when each was last seen.",
    discussion: "Examples:\n  shoplist members\n  shoplist members list --json"
  )

  @OptionGroup var global: GlobalOptions

  func run(in context: CommandContext) throws {
    let members = try context.openService(access: .read).members()
    try context.report(text: Self.table(members), json: MemberDocuments.members(members))
  }

  /// A line per member under a heading: the name, when they joined (`—` while their invite is
  /// unused) and when they were last seen (`never` before they joined), aligned.
  static func table(_ members: [Member]) -> String {
    guard !members.isEmpty else {
      return "no members yet; shoplist members add NAME invites one"
    }
    let rows =
      [["name", "joined", "last seen"]]
      + members.map { member in
        [
          DisplayText.escaped(member.name),
          member.joinedAt.map(Describe.localTime) ?? "—",
          member.lastSeenAt.map(Describe.localTime) ?? "never",
        ]
      }
    let widths = (0..<2).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    return rows.map { row in
      DisplayWidth.padded(row[0], to: widths[0]) + "  "
        + DisplayWidth.padded(row[1], to: widths[1]) + "  " + row[2]
    }.joined(separator: "\n")
  }
}
