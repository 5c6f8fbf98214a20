import ShoppingCore

/// The global options as plain values, however they were parsed.
struct CommandSettings: Equatable, Sendable {
  var db: String?
  var list: String?
  var json = false
  var quiet = false
  var trace = false
  var noColor = false
  var wait: Double = BusyWait.standardSeconds

  /// Whether `wait` is a number of seconds shoplist accepts.
  static func isValidWait(_ wait: Double) -> Bool {
    wait.isFinite && wait >= 0 && wait <= 86_400
  }
}

extension GlobalOptions {
  var settings: CommandSettings {
    CommandSettings(
      db: service.db, list: list, json: json, quiet: quiet, trace: service.trace,
      noColor: noColor, wait: service.wait
    )
  }
}
