import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `export --output` onto what is not a regular file writes it in place; a replaced file
/// keeps its permissions but never setuid or setgid; killed exports leave nothing for long.
@Suite(.offThePool) struct SpecialFileTests {
  func filled() throws -> Shoplist {
    let shoplist = try Shoplist()
    try shoplist.ok("add", "milk", "eggs")
    return shoplist
  }

  func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
    let shoplist = try filled()
    let fifo = shoplist.folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = shoplist.folder.appendingPathComponent("received.txt").path
    let reader = Subprocess()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "exec cat '\(fifo)' > '\(received)'"]
    try reader.run()

    let result = try shoplist.run("export", "--format", "text", "--output", fifo)
    // A FIFO replaced by a file never gets its writer: the reader would wait for ever.
    for _ in 0..<100 where reader.isRunning { Thread.sleep(forTimeInterval: 0.1) }
    if reader.isRunning { reader.terminate() }
    reader.waitUntilExit()

    #expect(result.status == 0, "\(result)")
    #expect(fileType(fifo) == S_IFIFO)
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: received)), as: UTF8.self)
        == "[ ] milk\n[ ] eggs\n")
  }

  /// A device node of its own (the null device's numbers), not the system's `/dev/null`: a
  /// build that replaced devices would otherwise break the machine it is tested on.
  @Test(.enabled(if: TestTools.runsAsRoot, "only root can make a device node"))
  func aCharacterDeviceStaysADevice() throws {
    let shoplist = try filled()
    let device = shoplist.folder.appendingPathComponent("null").path
    #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)

    let result = try shoplist.run("export", "--output", device)

    #expect(result.status == 0, "\(result)")
    #expect(fileType(device) == S_IFCHR)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: shoplist.folder.path).allSatisfy {
        !$0.hasSuffix(".tmp")
      })
  }

  @Test func aReplacedFileKeepsItsModeLessSetuidAndSetgid() throws {
    let shoplist = try filled()
    let path = shoplist.folder.appendingPathComponent("backup.json").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o6750) == 0)

    try shoplist.ok("export", "--output", path)

    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o750)
  }

  @Test func temporaryFilesOfKilledExportsAreRemovedByTheNextExport() throws {
    let shoplist = try filled()
    let folder = shoplist.folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A process id no process has, and this test's own, whose export is still running.
    var dead: Int32 = 4_000_000
    while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
    let stale = ".backup.json.\(dead).123456.tmp"
    let live = ".backup.json.\(getpid()).654321.tmp"
    for name in [stale, live] {
      try Data("partial".utf8).write(to: folder.appendingPathComponent(name))
    }

    try shoplist.ok("export", "--output", folder.appendingPathComponent("other.json").path)

    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(left) == [live, "other.json"])
  }
}
