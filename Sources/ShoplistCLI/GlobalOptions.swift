import ArgumentParser
import ShoppingCore

/// The options every command takes, before or after the command's name (`serve` takes only
/// the ``ServiceOptions``).
struct GlobalOptions: ParsableArguments {
  @OptionGroup var service: ServiceOptions

  @Option(
    name: [.customShort("l"), .long], help: ArgumentHelp("The list to work on.", valueName: "name"),
    completion: .custom(Completions.listNames))
  var list: String?

  @Flag(name: .long, help: "Print machine-readable JSON on stdout.")
  var json = false

  @Flag(name: [.customShort("q"), .long], help: "Print nothing on stdout on success.")
  var quiet = false

  @Flag(name: .customLong("no-color"), help: "Never colour the output.")
  var noColor = false

  /// Every spelling of every option above and the setting it gives, for the fast path (see
  /// ``QuickParser``). Made once: every run looks its arguments up in it.
  static let grammar: QuickGrammar<CommandSettings> = {
    var grammar = QuickGrammar<CommandSettings>()
    grammar.flags = [
      "--json": { $0.json = true }, "--quiet": { $0.quiet = true }, "-q": { $0.quiet = true },
      "--trace": { $0.trace = true }, "--no-color": { $0.noColor = true },
    ]
    grammar.options = [
      "--db": QuickGrammar.text { $0.db = $1 }, "--list": QuickGrammar.text { $0.list = $1 },
      "-l": QuickGrammar.text { $0.list = $1 },
      "--wait": { settings, text in
        guard let wait = Double(text), CommandSettings.isValidWait(wait) else { return false }
        settings.wait = wait
        return true
      },
    ]
    grammar.aliases = [("-l", "--list"), ("-q", "--quiet")]
    return grammar
  }()

  /// Whether `spelling` is a global option that takes a value.
  static func isValued(_ spelling: String) -> Bool { grammar.options[spelling] != nil }
  /// Whether `spelling` is a global flag.
  static func isFlag(_ spelling: String) -> Bool { grammar.flags[spelling] != nil }
}

extension GlobalOptions {
  /// The global options of a command that takes only `service`'s: the others as when not
  /// given.
  static func only(_ service: ServiceOptions) -> GlobalOptions {
    // Set outside an initializer, where an assignment would make each option anew, unparsed.
    var options = GlobalOptions()
    options.service = service
    options.list = nil
    options.json = false
    options.quiet = false
    options.noColor = false
    return options
  }
}

/// The global options that reach the database: where it is, how long to wait for it, and the
/// trace of what is done with it.
struct ServiceOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
  var db: String?

  @Flag(name: .long, help: "Trace each action, state change, effect and timing on stderr.")
  var trace = false

  @Option(
    name: .long,
    help: ArgumentHelp("How long to wait for a busy database.", valueName: "seconds")
  )
  var wait: Double = BusyWait.standardSeconds

  func validate() throws {
    guard CommandSettings.isValidWait(wait) else {
      throw ValidationError("--wait takes a number of seconds from 0 to 86400, not \(wait)")
    }
  }
}
