import ArgumentParser
import ShoppingService

struct MembersInviteCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "invite",
    abstract: "A new link for another device of a member (phone, tablet, laptop).",
    discussion: """
      Prints a link (and its QR code on a terminal) that signs in one more device of the \
      member, under the same rules as `members add`'s: it works once, for 7 days, when its \
      page's button is pressed. Their other devices stay signed in, and their other links \
      keep working.

      Examples:
        shoplist members invite Ana
        shoplist members invite Ben --url https://list.example.org
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(
    help: ArgumentHelp(
      "The address the devices open (else $SHOPLIST_URL, else the last serve's).",
      valueName: "url"))
  var url: String?
  @Argument(help: "The member's name.", completion: .custom(Completions.memberNames))
  var name: String

  func validate() throws {
    try InviteLinks.validate(url)
  }

  func run(in context: CommandContext) throws {
    try InviteLinks.make(url: url, context: context, { try $0.inviteDevice(named: name) }) {
      "a link for another device of \($0.member.name); it works once, within 7 days"
    }
  }
}
