import Foundation
import Testing

/// Export, then import into an empty database, in the formats that keep every field: the
/// copy shows exactly what the source does, timestamps included. The copy's clock is a minute
/// on, so a timestamp the import made instead of keeping would show.
@Suite struct RoundTripTimestampTests {
  /// Lists in a chosen order, one of them empty, with names a line-based format could take
  /// for something else.
  func filled() throws -> InProcess {
    let shoplist = try InProcess()
    try shoplist.ok("add", "milk", "#hash", "\\back", "[x] not checked", "plain")
    try shoplist.ok("check", "milk")
    try shoplist.ok("lists", "create", "empty one")
    try shoplist.ok("add", "nails", "--list", "hardware")
    return shoplist
  }

  func lists(_ shoplist: InProcess) throws -> [String] {
    let result = try shoplist.ok("lists", "--json")
    return (try result.json()["lists"] as? [[String: Any]] ?? []).compactMap {
      $0["name"] as? String
    }
  }

  @Test func jsonKeepsEverythingListShowsAndEmptyLists() throws {
    let source = try filled()
    let exported = try source.ok("export", "--all-lists").stdout

    let copy = try InProcess()
    copy.advanceClock(by: 60)  // so that timestamps made by the import would differ
    let path = try copy.file("backup.json", exported)
    try copy.ok("import", path)

    #expect(try lists(copy) == ["shopping", "empty one", "hardware"])
    for list in ["shopping", "hardware", "empty one"] {
      #expect(
        try copy.ok("list", "--json", "--list", list).stdout
          == (try source.ok("list", "--json", "--list", list).stdout), "\(list)")
    }
  }

  @Test(arguments: ["csv", "ndjson"])
  func csvAndNDJSONKeepEveryFieldTimestampsIncluded(format: String) throws {
    let source = try filled()
    let exported = try source.ok("export", "--all-lists", "--format", format).stdout

    let copy = try InProcess()
    copy.advanceClock(by: 60)  // so that timestamps made by the import would differ
    let path = try copy.file("backup.\(format)", exported)
    try copy.ok("import", path)

    for list in ["shopping", "hardware"] {
      #expect(
        try copy.ok("list", "--json", "--list", list).stdout
          == (try source.ok("list", "--json", "--list", list).stdout), "\(list)")
    }
  }
}
