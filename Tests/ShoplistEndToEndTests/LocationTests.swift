import Foundation
import Testing

@Suite struct LocationTests {
  @Test func theDatabaseOptionWinsOverTheEnvironment() throws {
    let shoplist = try Shoplist()
    let chosen = shoplist.folder.appendingPathComponent("chosen/list.sqlite")
    try shoplist.ok("add", "milk", "--db", chosen.path)
    #expect(FileManager.default.fileExists(atPath: chosen.path))
    #expect(!FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test func theEnvironmentVariableIsUsedWithoutAnOption() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    #expect(FileManager.default.fileExists(atPath: shoplist.database.path))
  }

  @Test func xdgDataHomeThenHomeAreTheFallbacks() throws {
    var shoplist = try Shoplist()
    shoplist.environment["SHOPLIST_DB"] = nil
    let xdg = shoplist.folder.appendingPathComponent("xdg")
    try shoplist.run("add", "milk", environment: ["XDG_DATA_HOME": xdg.path])
    let xdgFile = xdg.appendingPathComponent("shoplist/shoplist.sqlite")
    #expect(FileManager.default.fileExists(atPath: xdgFile.path))

    try shoplist.ok("add", "eggs")
    let homeFile = shoplist.folder.appendingPathComponent(
      "home/.local/share/shoplist/shoplist.sqlite")
    #expect(FileManager.default.fileExists(atPath: homeFile.path))
  }

  @Test func theFileAndItsFoldersAreCreatedPrivate() throws {
    let shoplist = try Shoplist()
    let file = shoplist.folder.appendingPathComponent("a/b/shoplist.sqlite")
    try shoplist.ok("list", "--db", file.path)
    let fileMode =
      try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    let folderMode =
      try FileManager.default.attributesOfItem(
        atPath: file.deletingLastPathComponent().path
      )[.posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
  }
}
