import ArgumentParser
import ShoppingService

/// What `members add` and `members invite` share: the address a link starts with, and the
/// link printed with its QR code.
enum InviteLinks {
  /// The address invite links start with when nothing says otherwise: one no phone can open,
  /// hence the warning that comes with it.
  static let fallbackURL = "http://127.0.0.1:8080"

  /// Makes an invite with `making` and prints its link: the address is `url` (`--url`), else
  /// `$SHOPLIST_URL`, else the public address the last `shoplist serve` of this database
  /// announced, else ``fallbackURL`` — with a warning, once the invite is made, that no phone
  /// can open it (a refusal stays one line).
  static func make(
    url: String?, context: CommandContext,
    _ making: (ShoppingService) throws -> Invite, said: (Invite) -> String
  ) throws {
    let service = try context.openService()
    let given =
      try url.flatMap(ServeCommand.publicURL) ?? ServeCommand.publicURLFromEnvironment(context)
      ?? service.servedAddress()
    let invite = try making(service)
    let base = given ?? fallback(context)
    try report(invite, link: "\(base)/join/\(invite.code)", said: said(invite), context: context)
  }

  /// ``fallbackURL``, with the warning that no phone can open it.
  private static func fallback(_ context: CommandContext) -> String {
    context.warn(
      "a phone cannot open \(fallbackURL), a loopback address; give the address phones "
        + "open with --url (or serve with --url first: links then start with it)")
    return fallbackURL
  }

  /// Prints `said`, then the link, then — on a terminal — the link as a QR code.
  private static func report(
    _ invite: Invite, link: String, said: String, context: CommandContext
  ) throws {
    try context.report(
      text: said + "\n" + link, json: MemberDocuments.invite(invite, link: link))
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

  /// `--url`'s check, shared by both commands.
  static func validate(_ url: String?) throws {
    if let url, ServeCommand.publicURL(url) == nil {
      throw ValidationError("--url must be an http:// or https:// address of a host, with no path")
    }
  }
}
