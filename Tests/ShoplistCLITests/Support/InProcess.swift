import Foundation
import ShoppingCore
import Synchronization
import Testing

@testable import ShoplistCLI

/// The command line run in this process, as a user's shell would run it, against a database
/// in a fresh temporary folder that is removed with this value.
///
/// Ids count up from `00000000-0000-0000-0000-000000000001` over all the runs of one value,
/// and the clock stands at ``start`` until ``advanceClock(by:)`` moves it, so whole JSON
/// documents can be compared exactly.
///
/// ```swift
/// let shoplist = try InProcess()
/// try shoplist.ok("add", "Milk")
/// #expect(shoplist.run("list").stdout.contains("Milk"))
/// ```
final class InProcess: Sendable {
  /// What one run printed and returned.
  struct Result: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String
    /// How many writes made `stdout`.
    var stdoutWrites = 1

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// Whether the run failed as the contract says every failure does: nothing on stdout and
    /// one `shoplist: …` line on stderr.
    var isOneErrorLine: Bool {
      stdout.isEmpty && stderr.hasPrefix("shoplist: ") && stderr.hasSuffix("\n")
        && stderr.filter { $0 == "\n" }.count == 1
    }

    /// stdout as a JSON object.
    func json() throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
      return try #require(object as? [String: Any], "stdout is not a JSON object: \(stdout)")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The time every run sees until the clock is advanced: 2026-11-18T11:06:40Z.
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  /// ``start`` as the JSON documents write it.
  static let startText = "2026-11-18T11:06:40Z"
  /// A microsecond after ``startText``: an item's time once it is changed again within the
  /// second it was added in (every change moves `updatedAt` visibly, and by no more).
  static let changedAgainText = "2026-11-18T11:06:40.000001Z"

  let folder: URL
  let environment: [String: String]
  /// Whether the runs' standard output claims to be a terminal.
  let stdoutIsTerminal: Bool
  /// The width the terminal says it has, when stdout is one.
  let terminalColumns: Int?
  private let shopping: ShoppingEnvironment
  private let clock = Clock()

  /// The database file the runs use unless told otherwise.
  var database: URL { folder.appendingPathComponent("data/shoplist.sqlite") }

  init(stdoutIsTerminal: Bool = false, terminalColumns: Int? = nil) throws {
    self.stdoutIsTerminal = stdoutIsTerminal
    self.terminalColumns = terminalColumns
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shoplist-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "HOME": folder.path,
      "SHOPLIST_DB": folder.appendingPathComponent("data/shoplist.sqlite").path,
    ]
    let ids = ShoppingEnvironment.deterministic(now: Self.start)
    shopping = ShoppingEnvironment(now: { [clock] in clock.now }, uuid: ids.uuid)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Moves the clock of the following runs forward.
  func advanceClock(by seconds: TimeInterval) {
    clock.advance(by: seconds)
  }

  /// Runs the command line with `arguments` and returns what it did.
  @discardableResult
  func run(_ arguments: String..., environment extra: [String: String] = [:]) -> Result {
    run(arguments: arguments, environment: extra)
  }

  func run(arguments: [String], environment extra: [String: String] = [:]) -> Result {
    let output = Buffer()
    let errors = Buffer()
    let context = CommandContext(
      environment: EnvironmentVariables(environment.merging(extra) { $1 }),
      shopping: shopping,
      io: CommandIO(
        standardOutput: { output.append($0) }, standardError: { errors.append($0) },
        stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: false,
        terminalColumns: terminalColumns
      )
    )
    let status = Shoplist.run(arguments: arguments, context: context)
    var result = Result(status: status, stdout: output.text, stderr: errors.text)
    result.stdoutWrites = output.writes
    return result
  }

  /// Runs a step a test builds on, which must succeed.
  @discardableResult
  func ok(_ arguments: String..., environment extra: [String: String] = [:]) throws -> Result {
    try ok(arguments: arguments, environment: extra)
  }

  /// ``ok(_:environment:)`` with the arguments in an array.
  @discardableResult
  func ok(arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
    let result = run(arguments: arguments, environment: extra)
    guard result.status == 0 else {
      throw Failure(description: "\(arguments) failed: \(result)")
    }
    return result
  }

  /// The items of `list` (the target list when nil), as `list --json` prints them.
  func items(list: String? = nil) throws -> [[String: Any]] {
    let arguments = ["list", "--json"] + (list.map { ["--list", $0] } ?? [])
    let result = run(arguments: arguments)
    guard result.status == 0 else {
      throw Failure(description: "\(arguments) failed: \(result)")
    }
    return try result.json()["items"] as? [[String: Any]] ?? []
  }

  /// The item names of `list`, in order.
  func names(list: String? = nil) throws -> [String] {
    try items(list: list).compactMap { $0["name"] as? String }
  }

  /// The names of every list, in order.
  func listNames() throws -> [String] {
    let lists = try ok("lists", "--json").json()["lists"] as? [[String: Any]] ?? []
    return lists.compactMap { $0["name"] as? String }
  }

  /// Everything the database holds, as an export of every list, to compare before and after.
  func snapshot() throws -> String {
    try ok("export", "--all-lists", "--format", "json").stdout
  }

  /// Writes `contents` to `name` in the temporary folder and returns its path.
  @discardableResult
  func file(_ name: String, _ contents: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  /// The text of a file in the temporary folder, or nil when there is none.
  func contents(of name: String) -> String? {
    let url = folder.appendingPathComponent(name)
    return (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The id the `n`th fresh id of these runs has.
  static func id(_ n: UInt64) -> String {
    UUID(counting: n).uuidString
  }

  /// One item object as the JSON documents write it, its fields in the contract's order.
  static func itemJSON(
    id n: UInt64, position: Int, name: String, checked: Bool = false, quantity: String = "1",
    unit: String? = nil, category: String? = nil, note: String? = nil,
    addedAt: String = startText, updatedAt: String = startText
  ) -> String {
    func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
    return #"{"id": "\#(id(n))", "position": \#(position), "name": "\#(name)", "#
      + #""checked": \#(checked), "quantity": \#(quantity), "unit": \#(text(unit)), "#
      + #""category": \#(text(category)), "note": \#(text(note)), "#
      + #""addedAt": "\#(addedAt)", "updatedAt": "\#(updatedAt)"}"#
  }

  /// A list document: `{"list": NAME, "items": [...]}` and a line end.
  static func listJSON(_ name: String, _ items: [String]) -> String {
    #"{"list": "\#(name)", "items": ["# + items.joined(separator: ", ") + "]}\n"
  }
}

/// A clock that stands still until it is moved.
private final class Clock: Sendable {
  private let time = Mutex(InProcess.start)
  var now: Date { time.withLock { $0 } }
  func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
