import Foundation
import Testing

/// The README's "Embedding shoplist" example is the embedding test's code, word for word, so
/// the documented example is always one that compiles and passes.
@Test func theReadmeShowsTheEmbeddingTestVerbatim() throws {
  let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let root = tests.deletingLastPathComponent().deletingLastPathComponent()
  let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  let example = try String(
    contentsOf: tests.appendingPathComponent("EmbeddingTests.swift"), encoding: .utf8
  )
  #expect(readme.contains("## Embedding shoplist"))
  #expect(readme.contains("```swift\n" + example + "```\n"))
}
