/// Failures of the command line itself, as opposed to the domain's or the database's.
enum CommandError: Error, Equatable {
  /// The command was called wrongly (exit 64).
  case usage(String)
  /// A bad value the user gave (exit 65).
  case data(String)
  /// A file the command must read is missing, unreadable or not what it should be: `serve`'s
  /// certificate and key (exit 66).
  case noInput(String)
  /// Output that cannot be written (exit 74).
  case output(String)
  /// A service the command needs cannot be had: `serve` cannot listen where it was told
  /// (exit 69).
  case unavailable(String)
}
