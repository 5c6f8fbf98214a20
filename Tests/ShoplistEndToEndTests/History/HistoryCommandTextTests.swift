import Foundation
import ShoplistTestTraits
import Testing

/// History's command text is what the person typed, less what only changes how the output
/// looks: `--no-color`, `--quiet`/`-q`, `--json` and `--trace` are left out wherever they
/// stand, so the page can show the entry in words without command-line options.
@Suite(.offThePool) struct HistoryCommandTextTests {
  @Test func displayOptionsAreLeftOutOfTheCommandText() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("--no-color", "add", "oat milk", "--json")
    try shoplist.ok("edit", "oat milk", "-q", "--quantity", "2", "--trace")
    try shoplist.ok("--quiet", "check", "oat milk", "--no-color")
    try shoplist.ok("add", "--", "--json")

    let entries = try shoplist.run("history", "--json").json()["history"] as? [[String: Any]]
    #expect(
      entries?.compactMap { $0["command"] as? String } == [
        "add -- --json", "check \"oat milk\"", "edit \"oat milk\" --quantity 2",
        "add \"oat milk\"",
      ])
  }
}
