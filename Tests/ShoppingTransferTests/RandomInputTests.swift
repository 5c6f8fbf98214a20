import Foundation
import ShoplistTestSupport
import Testing

@testable import ShoppingTransfer

/// Random bytes, and random mixes of each format's own punctuation, fed to every reader: each
/// must return rows or errors, never crash or hang.
@Suite struct RandomInputTests {
  static let alphabets: [[UInt8]] = [
    Array(#"name,checked,quantity,"x\"#.utf8) + [0x0A, 0x0D, 0xEF, 0xBB, 0xBF, 0xC3, 0xA9, 0x00],
    Array(#"{}[]:,"\nametrufalsnul0123456789.eE-+ u"#.utf8) + [0x0A, 0x20, 0xFF, 0xD8],
    // Other apps' shared text: headings, bullets, boxes, emphasis, trailing quantities.
    Array("#:-*_~()[]x 2l•–\\ab".utf8) + [0x0A, 0x0A, 0x20, 0x20],
  ]

  /// Rounds per format; `SHOPLIST_FUZZ_ROUNDS` raises it for a long run.
  static let rounds = Int(ProcessInfo.processInfo.environment["SHOPLIST_FUZZ_ROUNDS"] ?? "") ?? 300

  @Test(arguments: [ImportFormat.csv, .json, .ndjson, .text, .auto])
  func randomInputGivesRowsOrErrorsNeverACrash(format: ImportFormat) {
    var random = SplitMix64(seed: 20_261_121)
    for round in 0..<Self.rounds {
      let length = Int.random(in: 0..<600, using: &random)
      let bytes: [UInt8]
      if round % 3 == 0 {
        bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &random) }
      } else {
        let alphabet = Self.alphabets[(round / 3) % Self.alphabets.count]
        bytes = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 0 }
      }
      do {
        let batch = try read(format, bytes: bytes, batchSize: 7)
        #expect(batch.rows.allSatisfy { !$0.name.isEmpty })
      } catch {
        #expect(error.line >= 1)
      }
    }
  }

  @Test(arguments: [ImportFormat.csv, .json, .ndjson, .text])
  func aValidPrefixCutAnywhereGivesRowsOrErrors(format: ImportFormat) {
    let samples: [ImportFormat: String] = [
      .csv: "name,note,checked\n\"Milk, \"\"A\"\"\",x,yes\nTea,,0\n",
      .json: #"{"format": "shoplist/1", "lists": [{"name": "s", "items": [{"name": "a"}]}]}"#,
      .ndjson: "{\"name\": \"a\\u00e9\"}\n{\"name\": \"b\"}\n",
      .text: "# c\nMilk\nCrème\n",
    ]
    let bytes = Array((samples[format] ?? "").utf8)
    for cut in 0...bytes.count {
      do {
        _ = try read(format, bytes: Array(bytes[..<cut]), batchSize: 1)
      } catch {
        #expect(error.file == "in.\(format)")
      }
    }
  }
}
