import ArgumentParser

/// The members of the household: people whose phones are signed in to `shoplist serve` for
/// good, each through an invite link of their own.
struct MembersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "members",
    abstract: "Invite, show and remove the members of your household.",
    discussion: """
      A member joins through an invite link on each of their devices, and each stays signed \
      in to `shoplist serve` from then on, through restarts and new tokens, until the member \
      is removed. Their changes are labelled with their name in `shoplist history`.
      """,
    subcommands: [
      MembersListCommand.self, MembersAddCommand.self, MembersInviteCommand.self,
      MembersRemoveCommand.self,
    ],
    defaultSubcommand: MembersListCommand.self
  )
}
