import Foundation

/// The names a run touches, each once, in the order first touched.
///
/// A function defined in more than one place is left out: the linker moves every section that
/// defines a listed name, and a local helper the compiler emits into each file that needs it
/// (`objectdestroyTm`, a specialization of a standard library generic) would bring hundreds of
/// kilobytes of code no command runs (the PostgreSQL driver, the server) in among the code they
/// do run. Data is listed whole: its sections are a file's worth at most.
struct StartupOrder {
  /// The symbols met so far, by their index in the table, and their names (a name defined in
  /// several places is one name).
  private var seenSymbols: Set<Int> = []
  private var seenNames: Set<String> = []
  private var names: [String] = []

  var count: Int { names.count }

  /// One name a line, as the linker's `--symbol-ordering-file` reads them.
  var text: String { names.map { $0 + "\n" }.joined() }

  /// Removes `names` from the order; returns how many were in it.
  mutating func leaveOut(_ names: Set<String>) -> Int {
    let before = self.names.count
    self.names.removeAll { names.contains($0) }
    return before - self.names.count
  }

  /// Adds the symbols holding the addresses a Lackey trace (`--trace-mem=yes`) reports: its
  /// instruction lines (`I  0401c20,3`) and its loads, stores and modifications (` L 04020f08,8`,
  /// ` S …`, ` M …`). Addresses no symbol holds (the stack, the heap, unnamed constants) and
  /// Valgrind's own lines (`==12==`) are left out.
  mutating func add(lackeyTrace: Data, symbols: SymbolTable) {
    lackeyTrace.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      var cached: Int?
      var lineStart = 0
      while lineStart < raw.count {
        var lineEnd = lineStart
        while lineEnd < raw.count, raw[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        defer { lineStart = lineEnd + 1 }
        guard let address = Self.address(in: raw, from: lineStart, to: lineEnd) else { continue }
        if let index = cached, symbols.symbols[index].contains(address) { continue }
        guard let index = symbols.index(containing: address) else { continue }
        cached = index
        let name = symbols.symbols[index].name
        if seenSymbols.insert(index).inserted, seenNames.insert(name).inserted {
          names.append(name)
        }
      }
    }
  }

  /// The hexadecimal address of one trace line, or `nil` for a line that reports none.
  private static func address(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int)
    -> UInt64?
  {
    guard end - start > 3 else { return nil }
    let first = bytes[start]
    let second = bytes[start + 1]
    let isInstruction = first == UInt8(ascii: "I") && second == UInt8(ascii: " ")
    let isData =
      first == UInt8(ascii: " ")
      && (second == UInt8(ascii: "L") || second == UInt8(ascii: "S") || second == UInt8(ascii: "M"))
    guard isInstruction || isData, bytes[start + 2] == UInt8(ascii: " ") else { return nil }
    var value: UInt64 = 0
    var index = start + 3
    while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
    let digitsStart = index
    while index < end, bytes[index] != UInt8(ascii: ",") {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      guard value >> 60 == 0 else { return nil }
      value = value << 4 | UInt64(digit)
      index += 1
    }
    guard index > digitsStart, index < end else { return nil }
    return value
  }
}

/// An executable's symbols by address, from `nm --defined-only --numeric-sort --print-size`
/// (`address size type name` a line, or `address type name` for a symbol without a size).
struct SymbolTable {
  struct Symbol: Equatable {
    var start: UInt64
    /// One past the last byte: the symbol's size, or, without one, the next symbol's start.
    var end: UInt64
    var name: String

    func contains(_ address: UInt64) -> Bool { start <= address && address < end }
  }

  /// Code and data symbols, by start address.
  private(set) var symbols: [Symbol] = []
  /// The names of code symbols defined more than once (local helpers emitted into each file).
  private(set) var codeNamesDefinedMoreThanOnce: Set<String> = []

  private static let codeTypes: Set<Substring> = ["t", "T", "w", "W", "i"]
  private static let dataTypes: Set<Substring> = ["d", "D", "b", "B", "r", "R", "v", "V", "u"]

  init(nmOutput: String) {
    var parsed: [(start: UInt64, size: UInt64?, name: String, isCode: Bool)] = []
    var codeCounts: [String: Int] = [:]
    for line in nmOutput.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
      let start: UInt64?
      let size: UInt64?
      let type: Substring
      let name: Substring
      switch fields.count {
      case 3: (start, size, type, name) = (UInt64(fields[0], radix: 16), nil, fields[1], fields[2])
      case 4:
        guard let parsedSize = UInt64(fields[1], radix: 16) else { continue }
        (start, size, type, name) = (UInt64(fields[0], radix: 16), parsedSize, fields[2], fields[3])
      default: continue
      }
      guard let start else { continue }
      let isCode = Self.codeTypes.contains(type)
      guard isCode || Self.dataTypes.contains(type) else { continue }
      parsed.append((start, size, String(name), isCode))
      if isCode { codeCounts[String(name), default: 0] += 1 }
    }
    parsed.sort { $0.start < $1.start }
    for (index, symbol) in parsed.enumerated() {
      let next = parsed[(index + 1)...].first { $0.start > symbol.start }?.start ?? symbol.start + 1
      let end = symbol.size.flatMap { $0 > 0 ? symbol.start + $0 : nil } ?? next
      symbols.append(Symbol(start: symbol.start, end: end, name: symbol.name))
    }
    codeNamesDefinedMoreThanOnce = Set(codeCounts.compactMap { $0.value > 1 ? $0.key : nil })
  }

  /// The index of the symbol holding `address`: of those starting at or before it, the nearest
  /// that reaches it (a few symbols back, past aliases and labels inside a larger one).
  func index(containing address: UInt64) -> Int? {
    var low = 0
    var high = symbols.count
    while low < high {
      let middle = (low + high) / 2
      if symbols[middle].start <= address { low = middle + 1 } else { high = middle }
    }
    var index = low - 1
    var tries = 0
    while index >= 0, tries < 16 {
      if symbols[index].contains(address) { return index }
      index -= 1
      tries += 1
    }
    return nil
  }
}

/// Where object files define a set of functions, from `objdump --syms` (`address flags section\t
/// size name` a symbol).
struct ObjectSymbols {
  /// The functions asked about.
  let names: Set<String>
  /// Each name's sections, one entry a definition.
  private(set) var sections: [String: [String]] = [:]

  init(among names: Set<String>) {
    self.names = names
  }

  /// Adds the definitions one listing shows.
  mutating func add(objdumpOutput: String) {
    for line in objdumpOutput.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t") else { continue }
      // "size name", or "size .hidden name" for a symbol of restricted visibility.
      guard let name = line[line.index(after: tab)...].split(separator: " ").last.map(String.init),
        names.contains(name)
      else { continue }
      let addressFlagsSection = line[..<tab]
      // The flags are seven columns after the address; "F" marks a function.
      let fields = addressFlagsSection.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 3, let section = fields.last, section != "*UND*",
        fields.dropFirst().dropLast().contains(where: { $0.contains("F") })
      else { continue }
      sections[name, default: []].append(String(section))
    }
  }

  /// The names every definition of which has a section of its own (`.text.NAME`, compiled with
  /// function sections), not a share of a file's `.text`.
  var namesEachInASectionOfItsOwn: Set<String> {
    Set(
      sections.compactMap { name, sections in
        sections.allSatisfy { $0.hasPrefix(".text.") } ? name : nil
      })
  }
}
