import ArgumentParser

struct ListsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists",
    abstract: "Show and manage lists.",
    subcommands: [
      ListsShowCommand.self, ListsCreateCommand.self, ListsRenameCommand.self,
      ListsDeleteCommand.self, ListsDefaultCommand.self, ListsShopCommand.self,
      ListsMoveCommand.self,
    ],
    defaultSubcommand: ListsShowCommand.self
  )
}
