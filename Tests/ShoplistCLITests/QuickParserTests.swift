import ArgumentParser
import Foundation
import Synchronization
import Testing

@testable import ShoplistCLI

/// The quick parser must never disagree with the argument parser: its grammars name exactly the
/// options the commands declare; whatever it accepts, the argument parser parses to the same
/// command; whatever it is unsure of, it leaves alone.
@Suite struct QuickParserTests {
  static let accepted: [[String]] = [
    ["add", "milk"],
    ["add", "milk", "eggs", "--quantity", "2", "--unit", "l"],
    ["add", "--category=dairy", "milk", "--note", "organic", "-q"],
    ["add", "milk", "--db", "/tmp/x.sqlite", "-l", "party", "--json"],
    ["add", "--", "--weird name"],
    ["add", ""],
    ["toggle", "1", "milk"],
    ["check", "milk", "--list=party", "--wait", "0.5", "--trace"],
    ["uncheck", "milk", "--no-color"],
    ["remove", "milk", "2"],
    ["rm", "milk"],
    ["list"],
    ["ls", "--checked"],
    ["list", "--unchecked", "--category", "dairy", "--json", "--quiet"],
    ["list", "--wait=3", "--db=/tmp/a b.sqlite"],
    ["list", "--by-aisle"],
    ["history"],
    ["history", "--limit", "5", "--json"],
    ["history", "--limit=3", "-q"],
    ["undo"],
    ["undo", "12"],
    ["undo", "3", "--db", "/tmp/x.sqlite"],
    ["undo", "--", "-3"],
    ["redo"],
    ["redo", "--trace"],
  ]

  static let leftToTheArgumentParser: [[String]] = [
    [], ["--help"], ["add", "--help"], ["help", "add"], ["--version"], ["add"], ["toggle"],
    ["add", "milk", "-qj"], ["add", "milk", "--quantity", "-2"], ["add", "milk", "--bogus"],
    ["add", "milk", "--unit"], ["toggle", "milk", "--quantity", "2"], ["list", "milk"],
    ["list", "--checked", "--unchecked"], ["list", "--wait", "-1"], ["list", "--wait", "soon"],
    ["add", "milk", "--unit", "l", "--unit", "kg"], ["add", "milk", "-l", "a", "--list", "b"],
    ["lists"], ["sort", "--by", "name"], ["frobnicate"], ["add", "-milk"],
    ["add", "milk", "-lparty"], ["list", "--json=yes"],
    ["--generate-completion-script", "bash"],
    ["history", "--limit", "0"], ["history", "--limit", "many"], ["history", "recent"],
    ["undo", "latest"], ["undo", "1", "2"], ["redo", "1"],
    ["db"], ["db", "check"], ["db", "check", "--json"], ["db", "--help"],
  ]

  @Test(arguments: accepted)
  func acceptsWhatTheArgumentParserReadsTheSameWay(arguments: [String]) throws {
    let quick = try #require(QuickParser.parse(arguments), "\(arguments) should be accepted")
    let parsed = try Shoplist.parseAsRoot(arguments)
    #expect(quick.reading() == reading(parsed))
    #expect(quick.settings == (parsed as? any ShoplistCommand)?.global.settings)
  }

  /// Without options, every command's values are what the argument parser gives by default.
  @Test(arguments: [
    ["add", "milk"], ["toggle", "milk"], ["check", "milk"], ["uncheck", "milk"],
    ["remove", "milk"], ["list"], ["history"], ["undo"], ["redo"], ["import", "items.csv"],
  ])
  func theDefaultsAreTheArgumentParsers(arguments: [String]) throws {
    let quick = try #require(QuickParser.parse(arguments))
    #expect(quick.reading() == reading(try Shoplist.parseAsRoot(arguments)))
    #expect(quick.settings == CommandSettings())
  }

  /// The fast path's names of each command are the names its configuration gives, every one
  /// of them, each once.
  @Test func theFastPathAnswersToExactlyTheNamesEachCommandHas() {
    let names = QuickParser.names.map(\.name)
    #expect(Set(names).count == names.count)
    var types: [ObjectIdentifier: (type: any QuickParsable.Type, names: [String])] = [:]
    for (name, type) in QuickParser.names {
      types[ObjectIdentifier(type), default: (type, [])].names.append(name)
    }
    #expect(types.count == 10)
    for (type, listed) in types.values {
      let configuration = type.configuration
      let configured = [configuration.commandName ?? ""] + configuration.aliases
      #expect(listed.sorted() == configured.sorted(), "\(type)")
    }
  }

  /// Each grammar is the command's own definition: the same option names the argument parser
  /// describes for it (`--experimental-dump-help`), no more, no fewer.
  @Test func everyGrammarNamesExactlyTheOptionsItsCommandDeclares() throws {
    let declarations = try Self.declarations()
    for (name, type) in QuickParser.commands
    where type.configuration.commandName == name {
      let declared = try #require(declarations[name], "\(name)")
      #expect(type.spellings == declared.spellings, "\(name)")
      #expect(type.hasPositionals == declared.hasPositionals, "\(name)")
    }
  }

  /// What the argument parser declares of a command: its option spellings (`--unit`, `-l`),
  /// those that take a value, and whether it takes plain values.
  struct Declaration {
    var spellings: Set<String> = []
    var valued: Set<String> = []
    var hasPositionals = false
  }

  /// The declarations of the commands with a fast path, by command name, read from the
  /// argument parser's own description of the command line (`--experimental-dump-help`).
  static func declarations() throws -> [String: Declaration] {
    let dump = Buffer()
    let status = Shoplist.run(
      arguments: ["--experimental-dump-help"],
      context: CommandContext(
        environment: [:], shopping: .live,
        io: CommandIO(standardOutput: { dump.append($0) }, standardError: { _ in })
      )
    )
    #expect(status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(dump.text.utf8)) as? [String: Any]
    let commands = (object?["command"] as? [String: Any])?["subcommands"] as? [[String: Any]]
    var found: [String: Declaration] = [:]
    for command in commands ?? [] {
      guard let name = command["commandName"] as? String, QuickParser.commands[name] != nil
      else { continue }
      var declaration = Declaration()
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        let kind = argument["kind"] as? String
        if kind == "positional" { declaration.hasPositionals = true }
        for spelling in argument["names"] as? [[String: Any]] ?? [] {
          guard let text = spelling["name"] as? String else { continue }
          let dashes = spelling["kind"] as? String == "short" ? "-" : "--"
          guard !["-h", "--help", "--version"].contains(dashes + text) else { continue }
          declaration.spellings.insert(dashes + text)
          if kind == "option" { declaration.valued.insert(dashes + text) }
        }
      }
      found[name] = declaration
    }
    return found
  }

  @Test(arguments: leftToTheArgumentParser)
  func leavesEverythingElseToTheArgumentParser(arguments: [String]) {
    #expect(QuickParser.parse(arguments) == nil)
  }

  /// A command of a group (`lists create`, `db check`) is dispatched straight to its own
  /// parser, as the root parser would parse it.
  @Test(arguments: [
    ["db", "check"], ["db", "check", "--json", "--db", "/tmp/x.sqlite"], ["db", "check", "-q"],
    ["lists", "create", "party"],
  ])
  func commandsOfAGroupAreDispatchedDirectly(arguments: [String]) throws {
    let direct = try #require(CommandDispatch.parseDirectly(arguments))
    let parsed = try Shoplist.parseAsRoot(arguments)
    #expect(type(of: direct) == type(of: parsed))
    #expect(signature(direct) == signature(parsed))
  }

  @Test func aGroupWithoutItsCommandIsLeftToTheRootParser() {
    #expect(CommandDispatch.parseDirectly(["db"]) == nil)
    #expect(CommandDispatch.parseDirectly(["db", "chekc"]) == nil)
  }

  @Test func randomInvocationsNeverDisagree() throws {
    // Shuffled pieces of invocations, seeded: every name of every command with a fast path,
    // every option spelling its definition declares (and `--option=value` for those taking a
    // value), and values of every sort. A disagreement is a bug in the quick parser.
    let declarations = try Self.declarations()
    let values = ["milk", "2", "0", "-1", "kg", "party", "/tmp/x", "", "-", "--", "-x", "--help"]
    var pieces = Set(QuickParser.commands.keys).union(values)
    for declaration in declarations.values {
      pieces.formUnion(declaration.spellings)
      pieces.formUnion(declaration.valued.filter { $0.hasPrefix("--") }.map { $0 + "=4" })
    }
    let ordered = pieces.sorted()
    #expect(ordered.contains("--quantity") && ordered.contains("-l") && ordered.contains("ls"))
    var state: UInt64 = 0x1234_5678
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var agreed = 0
    for _ in 0..<10_000 {
      let arguments = (0..<(1 + next() % 6)).map { _ in ordered[next() % ordered.count] }
      guard let quick = QuickParser.parse(arguments) else { continue }
      let parsed = try Shoplist.parseAsRoot(arguments)
      #expect(quick.reading() == reading(parsed), "\(arguments)")
      agreed += 1
    }
    #expect(agreed > 100)
  }
}

/// What the argument parser read of a command with a fast path, spelled as
/// ``QuickInvocation/reading`` spells the fast path's reading.
func reading(_ command: any ParsableCommand) -> String? {
  guard let command = command as? any QuickParsable else { return nil }
  return spelled(command)
}

private func spelled<Command: QuickParsable>(_ command: Command) -> String {
  "\(Command.self) \(command.values)"
}

/// Everything a parsed command holds, to compare two parses of one invocation.
func signature(_ command: any ParsableCommand) -> String {
  switch command {
  case let add as AddCommand:
    let fields = add.fields
    return "add \(add.global.settings) \(add.names) \(fields.quantity as Any) "
      + "\(fields.unit as Any) \(fields.category as Any) \(fields.note as Any)"
  case let list as ListCommand:
    return "list \(list.global.settings) \(list.checked) \(list.unchecked) "
      + "\(list.category as Any) \(list.byAisle)"
  case let history as HistoryCommand:
    return "history \(history.global.settings) \(history.limit)"
  case let undo as UndoCommand:
    return "undo \(undo.global.settings) \(undo.id as Any)"
  case let redo as RedoCommand:
    return "redo \(redo.global.settings)"
  case let remove as RemoveCommand:
    return "remove \(remove.global.settings) \(remove.references)"
  case let mark as any MarkingCommand:
    return "\(type(of: mark).action) \(mark.global.settings) \(mark.references)"
  case let check as DbCheckCommand:
    return "db check \(check.global.settings)"
  default:
    return "\(type(of: command))"
  }
}

/// Text written by a command run in process.
final class Buffer: Sendable {
  private let storage = Mutex((text: "", writes: 0))
  var text: String { storage.withLock { $0.text } }
  /// How many times something was written.
  var writes: Int { storage.withLock { $0.writes } }
  func append(_ text: String) {
    storage.withLock {
      $0.text += text
      $0.writes += 1
    }
  }
}

extension QuickParser {
  /// The commands with a fast path by every name they answer to.
  static var commands: [String: any QuickParsable.Type] {
    Dictionary(names.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
  }
}
