import ArgumentParser
import Foundation
import Testing

@testable import ShoplistCLI

/// The help pages as a reader meets them: every command's, at the widths of real terminals.
@Suite struct HelpTextTests {
  /// Every command and subcommand, with its name as typed (`lists default`).
  static let commands: [(name: String, type: any ParsableCommand.Type)] = {
    func walk(_ type: any ParsableCommand.Type, _ path: [String]) -> [(
      String, any ParsableCommand.Type
    )] {
      let name = path.joined(separator: " ")
      return [(name, type)]
        + type.configuration.subcommands.flatMap { walk($0, path + [$0._commandName]) }
    }
    return Shoplist.configuration.subcommands.flatMap { walk($0, [$0._commandName]) }
  }()

  static let widths = [60, 80, 100, 132]

  @Test func noHelpPageShowsAStrayBackslash() {
    for (name, type) in Self.commands {
      for columns in Self.widths {
        let help = Shoplist.helpMessage(for: type, columns: columns)
        // The one backslash a page means: import's rule for a line that is a name as it is,
        // which starts with one.
        let meant = help.replacingOccurrences(of: #"starting with \ is"#, with: "")
        #expect(!meant.contains("\\"), "help \(name) at \(columns) columns:\n\(help)")
      }
    }
    #expect(Self.commands.count > 30)
  }

  @Test func importsExamplesAreNeverSplitOverTwoLines() {
    let phrases = ["2 l", "1,5 kg", "2 l milk", "eggs x12", "- [x] bread", "[ ]"]
    for columns in Self.widths + [40, 50, 70, 90] {
      let lines = Shoplist.helpMessage(for: ImportCommand.self, columns: columns)
        .replacingOccurrences(of: "\u{A0}", with: " ")
        .split(separator: "\n")
      for phrase in phrases {
        #expect(lines.contains { $0.contains(phrase) }, "\(phrase) split at \(columns) columns")
      }
    }
  }

  @Test func theRootHelpNamesEveryExitStatus() {
    let help = Shoplist.helpMessage(columns: 10_000)
    for status in ExitStatus.allCases {
      #expect(help.contains("\(status.rawValue) \(status.meaning)"), "\(status)")
    }
    #expect(help.contains("69 PostgreSQL server unreachable"))
    #expect(help.contains("73 output file cannot be made"))
    #expect(help.contains("77 PostgreSQL refused the user"))
  }

  /// Every status a source file gives (an `exitStatus` of an error type, a `CommandError`'s
  /// case) is one the root help names: read from the sources, so a new one cannot be missed.
  @Test func everyExitStatusTheSourcesUseIsListed() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Sources")
    let listed = Set(ExitStatus.allCases.map(\.rawValue))
    var used: Set<Int32> = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      // Each `exitStatus: Int32 { … }`, to its closing brace at the same indentation.
      var body: [Substring]?
      var indentation = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if var lines = body {
          lines.append(line)
          body = lines
          let ends = line.trimmingCharacters(in: .whitespaces) == "}"
          if ends, line.prefix(while: { $0 == " " }).count == indentation {
            used.formUnion(Self.statuses(in: lines.joined(separator: "\n")))
            body = nil
          }
        } else if line.contains("var exitStatus: Int32 {") {
          if line.hasSuffix("}") {
            used.formUnion(Self.statuses(in: String(line)))
          } else {
            body = [line]
            indentation = line.prefix(while: { $0 == " " }).count
          }
        }
      }
    }
    #expect(used.count >= 8, "\(used.sorted())")
    #expect(used.isSubset(of: listed), "not in the help: \(used.subtracting(listed).sorted())")
  }

  /// The exit statuses written as numbers in `text`.
  static func statuses(in text: String) -> Set<Int32> {
    Set(text.matches(of: /\b(6[4-9]|7[0-9])\b/).compactMap { Int32($0.output.1) })
  }

  @Test func serveListsOnlyTheOptionsThatDoSomethingThere() {
    let help = Shoplist.helpMessage(for: ServeCommand.self, columns: 100)
    for shown in ["--db <path>", "--wait <seconds>", "--trace", "--host", "--port", "--grace"] {
      #expect(help.contains(shown), "\(shown)")
    }
    for hidden in ["--list", "--json", "--quiet", "--no-color"] {
      #expect(!help.contains(hidden), "\(hidden)")
    }
  }

  @Test(arguments: [
    ["serve", "--json"], ["--quiet", "serve"], ["serve", "--list", "x"], ["-l", "x", "serve"],
    ["serve", "--no-color", "--port", "0"],
  ])
  func anOptionServeDoesNotUseIsRefused(arguments: [String]) throws {
    let shoplist = try InProcess()

    let result = shoplist.run(arguments: arguments)

    let option = arguments.first { $0.hasPrefix("-") }!
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr
        == "shoplist: serve does not take \(option): it serves every list, and prints only its "
        + "address\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }
}
