import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

@Suite(.offThePool) struct ErrorTests {
  @Test func usageErrorsAreExit64WithOneLine() throws {
    let shoplist = try Shoplist()
    for arguments in [
      ["frobnicate"], ["add"], ["add", "milk", "--bogus"], ["move", "milk"],
      ["sort", "--by", "price"], ["list", "--checked", "--unchecked"],
      ["edit", "milk"], ["--wait", "-1", "list"], ["move", "milk", "0"],
    ] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("shoplist: "), "\(arguments): \(result)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result)")
      #expect(result.stdout == "")
    }
  }

  @Test func badNamesAndQuantitiesAreExit65NamingTheValue() throws {
    let shoplist = try Shoplist()
    let cases: [([String], String)] = [
      (["add", "   "], "shoplist: invalid name \"   \": it is empty\n"),
      (["add", String(repeating: "x", count: 201)], "200 allowed\n"),
      (
        ["add", "a\u{7}b"],
        "shoplist: invalid name \"a\\u{7}b\": control characters are not allowed\n"
      ),
      (["add", "milk", "--quantity", "0"], "shoplist: invalid quantity \"0\""),
      (["add", "milk", "--quantity", "-2"], "shoplist: invalid quantity \"-2\""),
      (["add", "milk", "--quantity", "lots"], "shoplist: invalid quantity \"lots\""),
      (["add", "milk", "--unit", String(repeating: "u", count: 201)], "shoplist: invalid unit"),
      (["add", "milk", "--list", ""], "shoplist: invalid name \"\""),
    ]
    for (arguments, message) in cases {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(result.stderr.contains(message), "\(arguments): \(result)")
    }
    #expect(try shoplist.names() == [])
  }

  @Test func renamingOntoAnotherItemIsExit65AndChangesNothing() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "Milk", "Bread")
    let result = try shoplist.run("rename", "milk", "BREAD")
    #expect(result.status == 65)
    #expect(result.stderr == "shoplist: an item named \"Bread\" is already in list \"shopping\"\n")
    #expect(try shoplist.names() == ["Milk", "Bread"])
  }

  @Test func errorsWithJSONLeaveStdoutEmpty() throws {
    let shoplist = try Shoplist()
    let result = try shoplist.run("toggle", "nothing", "--json")
    #expect(result.status == 65)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("shoplist: "))
  }

  @Test(.sqlitePass) func aCorruptDatabaseIsExit74AndLeftUntouched() throws {
    let shoplist = try Shoplist()
    try FileManager.default.createDirectory(
      at: shoplist.database.deletingLastPathComponent(), withIntermediateDirectories: true
    )
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: shoplist.database)

    for arguments in [["list"], ["add", "milk"], ["lists"]] {
      let result = try shoplist.run(arguments: arguments)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("shoplist: "))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    #expect(shoplist.fileBytes(shoplist.database) == garbage)
  }

  @Test(.sqlitePass) func aNonShoplistSQLiteDatabaseIsExit74AndLeftUntouched() throws {
    let shoplist = try Shoplist()
    try FileManager.default.createDirectory(
      at: shoplist.database.deletingLastPathComponent(), withIntermediateDirectories: true
    )
    let made = try Subprocess.run(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      arguments: [shoplist.database.path, "CREATE TABLE other(x); INSERT INTO other VALUES (1);"]
    )
    made.waitUntilExit()
    let before = shoplist.fileBytes(shoplist.database)

    let result = try shoplist.run("add", "milk")
    #expect(result.status == 74, "\(result)")
    #expect(shoplist.fileBytes(shoplist.database) == before)
  }

  @Test(.sqlitePass) func aDatabaseFromANewerShoplistIsExit78AndLeftUntouched() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    let bump = try Subprocess.run(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      arguments: [shoplist.database.path, "PRAGMA user_version = 999;"]
    )
    bump.waitUntilExit()
    let before = shoplist.fileBytes(shoplist.database)

    let result = try shoplist.run("add", "eggs")
    #expect(result.status == 78, "\(result)")
    #expect(result.stderr.contains("newer shoplist"))
    #expect(shoplist.fileBytes(shoplist.database) == before)
  }

  @Test func aDatabaseThatCannotBeCreatedIsExit74() throws {
    let shoplist = try Shoplist()
    let blocker = shoplist.folder.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let result = try shoplist.run("list", "--db", blocker.appendingPathComponent("db.sqlite").path)
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.hasPrefix("shoplist: "))
  }

  @Test(.sqlitePass) func aBusyDatabaseIsExit75AfterTheWait() throws {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk")
    // Hold the write lock from another process for longer than the wait.
    let holder = try WriteLockHolder(shoplist.database)
    defer { holder.release() }

    let result = try shoplist.run("add", "eggs", "--wait", "0.3")
    #expect(result.status == 75, "\(result)")
    #expect(result.stderr.contains("busy"))
  }
}
