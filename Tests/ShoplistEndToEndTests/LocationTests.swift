import Foundation
import ShoplistTestTraits
import Testing

@Suite(.offThePool, .sqlitePass) struct LocationTests {
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

  /// A `--db` that is a symbolic link names the file it leads to, as SQLite takes it (and as
  /// `export --output` follows links): a link whose file is missing has that file created,
  /// with its folders, as privately as any new database.
  @Test func aDanglingLinkHasItsFileCreatedWhereItLeads() throws {
    let shoplist = try Shoplist()
    let link = shoplist.folder.appendingPathComponent("link.sqlite")
    let file = shoplist.folder.appendingPathComponent("elsewhere/deep/real.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "elsewhere/deep/real.sqlite")

    let added = try shoplist.run("add", "milk", "--db", link.path)
    let listed = try shoplist.run("list", "--json", "--db", file.path)

    #expect(added.status == 0, "\(added)")
    #expect(try listed.itemNames() == ["milk"])
    let manager = FileManager.default
    let destination = try manager.destinationOfSymbolicLink(atPath: link.path)
    #expect(destination == "elsewhere/deep/real.sqlite")
    #expect(try manager.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    for folder in ["elsewhere", "elsewhere/deep"] {
      let path = shoplist.folder.appendingPathComponent(folder).path
      #expect(try manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o700)
    }
    // SQLite's companion files go beside the file, never beside the link.
    let beside = try manager.contentsOfDirectory(atPath: shoplist.folder.path)
    #expect(!beside.contains { $0.hasPrefix("link.sqlite-") })
  }

  @Test func aLinkToAnExistingDatabaseIsFollowed() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let link = shoplist.folder.appendingPathComponent("link.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: shoplist.database.path)

    let added = try shoplist.run("add", "eggs", "--db", link.path)

    #expect(added.status == 0, "\(added)")
    #expect(try shoplist.names() == ["milk", "eggs"])
  }
}
