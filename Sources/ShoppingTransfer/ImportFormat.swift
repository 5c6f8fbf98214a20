import Foundation
import ShoppingCore

/// The formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
  /// By the file's extension, else by the look of its content.
  case auto
  /// Comma-, semicolon- or tab-separated rows with a header (other apps' exports, spreadsheets).
  case csv
  /// An export's JSON document, or an array of items.
  case json
  /// One JSON object per line.
  case ndjson
  /// One item per line, as people type or paste a list.
  case text

  /// How much of the input sniffing looks at.
  static let sniffedBytes = 4096

  /// A reader of this format over an opened input; `.auto` picks the format first.
  ///
  /// - Parameters:
  ///   - input: The input, not read from yet.
  ///   - encoding: What the input's text is in; by default UTF-8 or UTF-16 with a
  ///     byte-order mark, else Windows-1252 where UTF-8 does not fit (see ``ImportEncoding``).
  /// - Throws: ``ImportError`` when the input cannot be read, or is no text in the encoding.
  public func reader(
    for input: ImportInput, encoding: ImportEncoding = .auto
  ) throws(ImportError) -> any ImportReader {
    try makeReader(input.bytes(encoding: encoding), path: input.path)
  }

  /// A reader of this format over `input`; `.auto` picks the format first.
  ///
  /// - Parameters:
  ///   - input: The input, not read from yet.
  ///   - path: The file's path, for its extension; `nil` for standard input.
  func makeReader(
    _ input: ByteReader, path: String?, batchSize: Int = ImportBatch.defaultSize
  ) throws(ImportError) -> any ImportReader {
    var input = input
    var format = self
    if format == .auto {
      if let byExtension = path.flatMap(Self.byExtension) {
        format = byExtension
      } else {
        format = Self.sniff(try input.lookahead(Self.sniffedBytes))
      }
    }
    switch format {
    case .auto, .text: return TextReader(input: input, batchSize: batchSize)
    case .csv: return CSVReader(input: input, batchSize: batchSize)
    case .json: return JSONDocumentReader(input: input, batchSize: batchSize)
    case .ndjson: return NDJSONReader(input: input, batchSize: batchSize)
    }
  }

  /// The format a file's extension names: `.csv`, `.json`, `.ndjson`/`.jsonl`, `.txt`.
  public static func byExtension(_ path: String) -> ImportFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "csv": return .csv
    case "json": return .json
    case "ndjson", "jsonl": return .ndjson
    case "txt", "text": return .text
    default: return nil
    }
  }

  /// The format the start of an input looks like.
  ///
  /// `{` or `[` as the first non-blank character means JSON: NDJSON when the first line is one
  /// complete object and more lines follow (or that object is an item rather than the
  /// document), else the JSON document. CSV only when the first line holds a separator (`,`,
  /// `;`, tab) and one of its fields names the name column: `name`, or another app's name for
  /// it that the CSV reader knows (`Item`, `Product`, …; see ``CSVHeader``). Anything else is
  /// text, so the one line `name` is the item `name`.
  static func sniff(_ prefix: ArraySlice<UInt8>) -> ImportFormat {
    var bytes = prefix
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let significant = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    switch significant.first {
    case UInt8(ascii: "["):
      return .json
    case UInt8(ascii: "{"):
      let firstLine = significant.prefix { $0 != .lineFeed && $0 != .carriageReturn }
      let rest = significant.dropFirst(firstLine.count)
      var scanner = JSONScanner(input: ByteReader(bytes: Array(firstLine), source: ""))
      guard (try? scanner.skipValue()) != nil, (try? scanner.peekToken()) == Optional<UInt8>.none
      else { return .json }
      let moreLines = rest.contains { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      let afterBrace = significant.dropFirst().drop { [0x20, 0x09].contains($0) }
      let text = String(decoding: afterBrace.prefix(10), as: UTF8.self)
      let isDocument = text.hasPrefix("\"format\"") || text.hasPrefix("\"lists\"")
      return moreLines || !isDocument ? .ndjson : .json
    default:
      let firstLine = bytes.prefix { $0 != .lineFeed && $0 != .carriageReturn }
      let separator = CSVReader.separator(in: firstLine)
      guard firstLine.contains(separator) else { return .text }
      let columns = String(decoding: firstLine, as: UTF8.self)
        .split(separator: Character(Unicode.Scalar(separator)))
        .map {
          $0.trimmingCharacters(in: .whitespaces)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
      return columns.contains { CSVHeader.field(for: $0) == .name } ? .csv : .text
    }
  }
}
