/// Failures of the command line itself, as opposed to the domain's or the database's.
enum CommandError: Error, Equatable {
  /// The command was called wrongly (exit 64).
  case usage(String)
  /// A bad value the user gave (exit 65).
  case data(String)
  /// An input file that does not exist or cannot be read (exit 66).
  case unreadableInput(String)
  /// Output that cannot be written (exit 74).
  case output(String)
  /// An output file that cannot be created, or must not be: the database itself, a folder,
  /// a missing or unwritable folder (exit 73).
  case cannotCreate(String)
}
