import ArgumentParser
import ShoppingService

struct MembersAddCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Invite a member: prints their invite link (and its QR code on a terminal).",
    discussion: """
      The link opens a page with one button, "Join the shopping list as NAME"; pressing it \
      signs that device in for good. Opening the link (a chat app's preview, a mail scanner) \
      never uses it up; pressing the button does, once. It works for 7 days. The link is \
      --url (else $SHOPLIST_URL, else the address the last `shoplist serve` of this database \
      announced, else http://127.0.0.1:8080, which no phone can open) followed by \
      /join/CODE. Inviting a member with no device signed in yet makes a new link, and the \
      earlier ones stop working; a link for another device of a member is `members invite`'s.

      Examples:
        shoplist members add Ana --url http://192.168.1.20:8080
        shoplist members add Ben --url https://list.example.org
      """
  )

  @OptionGroup var global: GlobalOptions
  @Option(
    help: ArgumentHelp(
      "The address the phones open (else $SHOPLIST_URL, else the last serve's).",
      valueName: "url"))
  var url: String?
  @Argument(help: "The member's name.")
  var name: String

  func validate() throws {
    try InviteLinks.validate(url)
  }

  func run(in context: CommandContext) throws {
    try InviteLinks.make(url: url, context: context, { try $0.invite(named: name) }) { invite in
      invite.replacedEarlier
        ? "new invite for \(invite.member.name); the earlier links no longer work"
        : "invited \(invite.member.name); the link signs in one device, for good, within 7 days"
    }
  }
}
