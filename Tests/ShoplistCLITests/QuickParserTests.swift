import ArgumentParser
import Testing

@testable import ShoplistCLI

/// The quick parser must never disagree with the argument parser: whatever it accepts, the
/// argument parser parses to the same invocation; whatever it is unsure of, it leaves alone.
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
  ]

  @Test(arguments: accepted)
  func acceptsWhatTheArgumentParserReadsTheSameWay(arguments: [String]) throws {
    let quick = try #require(QuickParser.parse(arguments), "\(arguments) should be accepted")
    let parsed = try Shoplist.parseAsRoot(arguments)
    let command = try #require(parsed as? any InvocationCommand)
    #expect(quick == command.invocation)
  }

  @Test(arguments: leftToTheArgumentParser)
  func leavesEverythingElseToTheArgumentParser(arguments: [String]) {
    #expect(QuickParser.parse(arguments) == nil)
  }

  @Test func randomInvocationsNeverDisagree() throws {
    // Shuffled pieces of real invocations, seeded: a disagreement is a bug in the quick parser.
    let pieces = [
      "add", "toggle", "check", "rm", "ls", "list", "milk", "2", "--json", "-q", "--quiet",
      "--trace", "--no-color", "--db", "/tmp/x", "-l", "party", "--list=a", "--wait", "1",
      "--quantity", "3", "--unit", "kg", "--category", "dairy", "--note", "x", "--checked",
      "--unchecked", "--", "-", "--db=/y", "", "-x", "--help",
    ]
    var state: UInt64 = 0x1234_5678
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var agreed = 0
    for _ in 0..<3_000 {
      let arguments = (0..<(1 + next() % 6)).map { _ in pieces[next() % pieces.count] }
      guard let quick = QuickParser.parse(arguments) else { continue }
      let parsed = try Shoplist.parseAsRoot(arguments)
      let command = try #require(parsed as? any InvocationCommand, "\(arguments)")
      #expect(quick == command.invocation, "\(arguments)")
      agreed += 1
    }
    #expect(agreed > 100)
  }
}
