import Foundation
import Testing

/// The README's "Embedding shoplist" examples, and the documentation's article of them, are the
/// embedding tests' code, word for word, so the documented examples are always ones that
/// compile and pass.
@Test(arguments: ["ServiceEmbeddingTests.swift", "EmbeddingTests.swift"])
func theReadmeShowsTheEmbeddingTestVerbatim(file: String) throws {
  let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let root = tests.deletingLastPathComponent().deletingLastPathComponent()
  let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  let example = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
  #expect(readme.contains("## Embedding shoplist"))
  #expect(readme.contains("```swift\n" + example + "```\n"))
}

@Test(arguments: ["ServiceEmbeddingTests.swift", "EmbeddingTests.swift"])
func theDocumentationsEmbeddingArticleShowsTheEmbeddingTestVerbatim(file: String) throws {
  let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let root = tests.deletingLastPathComponent().deletingLastPathComponent()
  let article = try String(
    contentsOf: root.appending(
      path: "Sources/ShoppingService/ShoppingService.docc/EmbeddingShoplist.md"),
    encoding: .utf8)
  let example = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
  #expect(article.contains("```swift\n" + example + "```\n"))
}
