import ArgumentParser

struct MembersRemoveCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a member: every device of theirs is signed out at once.",
    discussion: """
      Each device's next request to `shoplist serve` is refused, their open pages stop \
      receiving changes and say so, and their unused links stop working. History keeps their name on the \
      changes they made.

      Example:
        shoplist members remove Ana
      """,
    aliases: ["rm"]
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The member's name.", completion: .custom(Completions.memberNames))
  var name: String

  func run(in context: CommandContext) throws {
    let (removed, remaining) = try context.openService().removeMember(named: name)
    let devices = removed.devices.count
    let what =
      devices == 0
      ? "their invite no longer works"
      : devices == 1 ? "their device is signed out" : "their \(devices) devices are signed out"
    try context.report(
      text: "removed \(removed.name); \(what)", json: MemberDocuments.members(remaining))
  }
}
