import Foundation
import Testing

@testable import ShoplistServer

/// The direct reading of request bodies answers only what Foundation's `JSONDecoder` would,
/// and leaves everything else to it.
@Suite struct BodyDecoderTests {
  @Test func aTapsBodyIsReadDirectly() {
    #expect(direct(ItemPatchBody.self, #"{"checked": true}"#)?.checked == true)
    #expect(direct(ItemPatchBody.self, " {\n\"checked\":false } \r\n")?.checked == false)
    let item = direct(NewItemBody.self, #"{"name": "Crème fraîche", "unit": null}"#)
    #expect(item?.name == "Crème fraîche")
  }

  @Test(
    arguments: [
      #"{"checked": 1}"#, #"{"name": "a\"b"}"#, #"{"name": "a\u0041"}"#, #"{"quantity": 2}"#,
      #"{"checked": true, "checked": false}"#, #"{"checked": true,}"#, #"{"checked": tru}"#,
      #"{"note": {"a": 1}}"#, #"["Eggs"]"#, "{", "", #"{"checked": true} x"#,
      "{\"name\": \"a\tb\"}", #"{"name": "x"}"# + "\u{0}",
    ])
  func anythingElseIsLeftToJSONDecoder(_ body: String) {
    #expect(direct(ItemPatchBody.self, body) == nil)
    #expect(direct(NewItemBody.self, body) == nil)
  }

  @Test func whatIsReadDirectlyIsWhatJSONDecoderReads() {
    let names = ["checked", "name", "text", "quantity", "unit", "category", "note", "ifUpdatedAt"]
    let values = [
      "true", "false", "null", #""Milk""#, #""""#, #""2026-11-21T10:00:00Z""#, #""é ü""#, "2",
      "0.5", #""1.25""#, #""a\nb""#, "[]", "{}", "tru",
    ]
    let spaces = ["", " ", "\n", "\t"]
    var state: UInt64 = 0x5eed
    func next(_ count: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % count
    }
    var readDirectly = 0
    for _ in 0..<5_000 {
      var members: [String] = []
      for _ in 0..<next(4) {
        let space = spaces[next(spaces.count)]
        members.append(
          "\"\(names[next(names.count)])\"\(space):\(space)\(values[next(values.count)])")
      }
      var body = "{" + members.joined(separator: "," + spaces[next(spaces.count)]) + "}"
      if next(10) == 0 { body.removeLast() }
      if next(10) == 0 { body = spaces[next(spaces.count)] + body + spaces[next(spaces.count)] }

      let patch = direct(ItemPatchBody.self, body)
      let item = direct(NewItemBody.self, body)
      if let patch { #expect(patch == reference(ItemPatchBody.self, body), "\(body)") }
      if let item { #expect(item == reference(NewItemBody.self, body), "\(body)") }
      readDirectly += (patch == nil ? 0 : 1) + (item == nil ? 0 : 1)
    }
    // Most bodies of a page's kind are read directly, not all left to JSONDecoder.
    #expect(readDirectly > 1_000)
  }

  private func direct<T: Decodable>(_ type: T.Type, _ body: String) -> T? {
    Array(body.utf8).withUnsafeBytes { FlatJSONObject.decode(type, from: $0) }
  }

  private func reference<T: Decodable>(_ type: T.Type, _ body: String) -> T? {
    try? JSONDecoder().decode(type, from: Data(body.utf8))
  }
}
