import ShoppingEngines
import ShoppingService

/// Where the database lives: `--db`, then `$SHOPLIST_DB`, then `$XDG_DATA_HOME/shoplist`, then
/// `~/.local/share/shoplist`.
enum DatabaseLocation {
  static let fileName = "shoplist.sqlite"

  /// - Throws: A usage error (64) for an empty `--db` or a PostgreSQL URL that is not usable.
  static func path(option: String?, environment: EnvironmentVariables) throws -> String {
    if let option {
      guard !option.isEmpty else {
        throw CommandError.usage("--db needs a path, not an empty one")
      }
      try ShoppingService.checkLocation(option)
      return option
    }
    if let path = environment.nonEmpty("SHOPLIST_DB") {
      try ShoppingService.checkLocation(path)
      return path
    }
    if let data = environment.nonEmpty("XDG_DATA_HOME") {
      return "\(data)/shoplist/\(fileName)"
    }
    guard let home = environment.nonEmpty("HOME") else {
      throw CommandError.usage(
        "cannot find the database: set --db, SHOPLIST_DB, XDG_DATA_HOME or HOME"
      )
    }
    return "\(home)/.local/share/shoplist/\(fileName)"
  }
}
