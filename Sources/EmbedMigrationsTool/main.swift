import Foundation

// Writes a Swift source declaring `Migration.embedded` from numbered `.sql` files.
// Usage: EmbedMigrationsTool OUTPUT.swift 0001_initial.sql 0002_….sql …
//
// The build fails here, with the file's name, rather than at run time when the files do not
// number 1, 2, 3… without gaps: a gap or a duplicate would make the order ambiguous.

struct Failure: Error, CustomStringConvertible {
  let description: String
}

func swiftLiteral(_ text: String) -> String {
  var literal = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": literal += "\\\\"
    case "\"": literal += "\\\""
    case "\n": literal += "\\n"
    case "\r": literal += "\\r"
    case "\t": literal += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        literal += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
  }
  return literal + "\""
}

func version(ofFileNamed name: String) -> Int? {
  let digits = name.prefix { $0.isASCII && $0.isNumber }
  guard digits.count == 4, name.dropFirst(4).first == "_", name.hasSuffix(".sql") else {
    return nil
  }
  return Int(digits)
}

func run(_ arguments: [String]) throws -> Void {
  guard let outputPath = arguments.first else {
    throw Failure(description: "usage: EmbedMigrationsTool OUTPUT.swift FILE.sql...")
  }
  let inputs = arguments.dropFirst().map(URL.init(fileURLWithPath:))
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  var entries: [String] = []
  for (index, url) in inputs.enumerated() {
    let fileName = url.lastPathComponent
    guard let version = version(ofFileNamed: fileName) else {
      throw Failure(description: "\(url.path): expected a name like 0001_initial.sql")
    }
    guard version == index + 1 else {
      throw Failure(
        description: "\(url.path): expected migration number \(index + 1), found \(version)"
      )
    }
    let sql = try String(contentsOf: url, encoding: .utf8)
    let name = String(fileName.dropLast(".sql".count))
    entries.append(
      "    Migration(\n      version: \(version),\n      name: \(swiftLiteral(name)),\n"
        + "      sql: \(swiftLiteral(sql))\n    ),"
    )
  }
  let source = """
    // Generated at build time from the files in Migrations/. Do not edit.

    extension Migration {
      /// Every migration of the Migrations/ folder, in order.
      static let embedded: [Migration] = [
    \(entries.joined(separator: "\n"))
      ]
    }

    """
  let output = URL(fileURLWithPath: outputPath)
  if (try? String(contentsOf: output, encoding: .utf8)) != source {
    try source.write(to: output, atomically: true, encoding: .utf8)
  }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
