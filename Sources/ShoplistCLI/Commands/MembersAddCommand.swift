import ArgumentParser
import ShoppingService

struct MembersAddCommand: ShoplistCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Invite a member: prints their invite link (and its QR code on a terminal).",
    discussion: """
      The link signs in the first phone that opens it, for good, and then stops working. \
      It is --url (else $SHOPLIST_URL, else http://127.0.0.1:8080) followed by /join/CODE: \
      give the address the phones open. Inviting a member who has not opened their link yet \
      makes a new link, and the earlier one stops working; a member who has joined must be \
      removed first.

      Examples:
        shoplist members add Ana --url http://192.168.1.20:8080
        shoplist members add Ben --url https://list.example.org
      """
  )

  /// The address invite links start with when neither `--url` nor `$SHOPLIST_URL` says.
  static let defaultURL = "http://127.0.0.1:8080"

  @OptionGroup var global: GlobalOptions
  @Option(
    help: ArgumentHelp(
      "The address the phones open (else $SHOPLIST_URL, else \(defaultURL)).",
      valueName: "url"))
  var url: String?
  @Argument(help: "The member's name.")
  var name: String

  func validate() throws {
    if let url, ServeCommand.publicURL(url) == nil {
      throw ValidationError("--url must be an http:// or https:// address of a host, with no path")
    }
  }

  func run(in context: CommandContext) throws {
    let base =
      try url.flatMap(ServeCommand.publicURL) ?? ServeCommand.publicURLFromEnvironment(context)
      ?? Self.defaultURL
    let invite = try context.openService().invite(named: name)
    let link = "\(base)/join/\(invite.code)"
    let name = invite.member.name
    let said =
      invite.replacedEarlier
      ? "new invite for \(name); the earlier link no longer works"
      : "invited \(name); the link signs in one phone, for good, and then stops working"
    try context.report(
      text: said + "\n" + link,
      json: MemberDocuments.invite(invite, link: link))
    // On a terminal, the same link for a phone's camera.
    guard context.io.stdoutIsTerminal, !context.settings.quiet, !context.settings.json else {
      return
    }
    do {
      let code = try QRCode(bytes: Array(link.utf8))
      let lines = code.terminalLines(colour: context.terminal.useColor)
      try context.write(lines.joined(separator: "\n") + "\n")
    } catch let error as QRCodeError {
      // The invite is made: the link alone still does.
      context.warn("no QR code for this link: \(error); send the link instead")
    }
  }
}
