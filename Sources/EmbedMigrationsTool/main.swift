// The C library only, no Foundation: a build with --static-swift-stdlib links this tool
// statically too, and static Foundation brings a linker warning about its use of mktemp.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  let inputs = arguments.dropFirst().sorted { fileName($0) < fileName($1) }
  var entries: [String] = []
  for (index, path) in inputs.enumerated() {
    let fileName = fileName(path)
    guard let version = version(ofFileNamed: fileName) else {
      throw Failure(description: "\(path): expected a name like 0001_initial.sql")
    }
    guard version == index + 1 else {
      throw Failure(
        description: "\(path): expected migration number \(index + 1), found \(version)"
      )
    }
    let sql = try readFile(path)
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
  if (try? readFile(outputPath)) != source {
    try writeFile(source, to: outputPath)
  }
}

func fileName(_ path: String) -> String {
  path.split(separator: "/").last.map(String.init) ?? path
}

func systemError(_ path: String) -> Failure {
  Failure(description: "\(path): \(String(cString: strerror(errno)))")
}

/// The text of the file at `path`, which must be UTF-8.
func readFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw systemError(path) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    bytes += chunk[..<count]
    if count < chunk.count { break }
  }
  guard ferror(file) == 0 else { throw systemError(path) }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw Failure(description: "\(path): not UTF-8 text")
  }
  return text
}

/// Writes `text` to the file at `path`.
func writeFile(_ text: String, to path: String) throws {
  guard let file = fopen(path, "w") else { throw systemError(path) }
  let written = fputs(text, file) >= 0
  guard fclose(file) == 0, written else { throw systemError(path) }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  var line = "error: \(error)\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  exit(1)
}
