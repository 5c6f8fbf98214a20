import ArgumentParser

struct MembersRemoveCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a member: their phone is signed out at once.",
    discussion: """
      Their next request to `shoplist serve` is refused and their open pages stop receiving \
      changes; an unused invite of theirs stops working. History keeps their name on the \
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
    let what = removed.hasJoined ? "their phone is signed out" : "their invite no longer works"
    try context.report(
      text: "removed \(removed.name); \(what)", json: MemberDocuments.members(remaining))
  }
}
