import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Synchronization
import Testing

/// The way every test and the benchmark start a child: what the child is given and how its end
/// is reported.
@Suite(.offThePool) struct SubprocessTests {
  @Test func theChildGetsItsArgumentsItsWholeEnvironmentAndItsDirectory() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "subprocess-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let (child, output, _) = try Self.started(
      "/bin/sh", ["-c", "pwd; /usr/bin/env; echo \"$0\"", "two words"],
      environment: ["ONLY": "this"], directory: folder)
    child.waitUntilExit()

    let lines = output.split(separator: "\n").map(String.init)
    #expect(child.terminationReason == .exit)
    #expect(child.terminationStatus == 0)
    #expect(lines.first == folder.resolvingSymlinksInPath().path)
    // `sh` adds PWD (and dash may add nothing else); nothing of this process's own.
    #expect(lines.contains("ONLY=this"))
    #expect(!lines.contains { $0.hasPrefix("PATH=") || $0.hasPrefix("HOME=") })
    #expect(lines.last == "two words")
  }

  /// Only the three standard streams reach the child, however many descriptors this process
  /// has open and whether or not they close on exec.
  @Test func noOtherDescriptorOfThisProcessReachesTheChild() throws {
    let kept = dup(STDERR_FILENO)  // a copy, without close-on-exec
    #expect(kept > 2)
    defer { close(kept) }

    let (child, output, _) = try Self.started(
      "/bin/sh", ["-c", "ls /proc/$$/fd; [ ! -e /proc/$$/fd/\(kept) ]"])
    child.waitUntilExit()

    #expect(child.terminationStatus == 0, "\(kept) was open in the child: \(output)")
  }

  /// Signals this process ignores or blocks (Swift's runtime and NIO ignore SIGPIPE) are the
  /// default again in the child: a child writing to a closed pipe ends as it would from a
  /// shell.
  @Test func theChildStartsWithNoSignalIgnoredOrBlocked() throws {
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }

    let (child, output, _) = try Self.started(
      "/bin/grep", ["-E", "^Sig(Ign|Blk):", "/proc/self/status"])
    child.waitUntilExit()

    // Masks of signals 1 to 64 as hex; glibc keeps 32 and 33 for itself, out of reach.
    let masks = output.split(separator: "\n").map {
      UInt64($0.split(separator: "\t").last ?? "", radix: 16).map { $0 & ~0x1_8000_0000 }
    }
    #expect(masks == [0, 0], "\(output)")
  }

  @Test func aSignalledChildReportsTheSignalAfterItsHandlerRan() throws {
    let handled = Mutex(false)
    let child = Subprocess()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["30"]
    child.standardInput = FileHandle.nullDevice
    child.terminationHandler = { _ in
      Thread.sleep(forTimeInterval: 0.2)
      handled.withLock { $0 = true }
    }
    try child.run()
    #expect(child.isRunning)
    #expect(child.processIdentifier > 0)

    child.terminate()
    child.waitUntilExit()

    #expect(handled.withLock { $0 })
    #expect(!child.isRunning)
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(child.terminationStatus == SIGTERM)
    child.terminate()  // after its end: nothing to signal, and no other process is
  }

  @Test func theNullDeviceGivesEndOfFileAndSwallowsOutput() throws {
    let output = Pipe()
    let child = Subprocess()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    child.arguments = ["-c", "cat; echo swallowed >&2; echo done"]
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()

    let written = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()

    #expect(String(decoding: written, as: UTF8.self) == "done\n")
    #expect(child.terminationStatus == 0)
  }

  @Test func aProgramThatCannotStartThrowsAndSaysWhich() throws {
    let missing = Subprocess()
    missing.executableURL = URL(fileURLWithPath: "/nonexistent/program")
    #expect(throws: Subprocess.StartFailure.self) { try missing.run() }
    #expect(!missing.isRunning)

    let noDirectory = Subprocess()
    noDirectory.executableURL = URL(fileURLWithPath: "/bin/true")
    noDirectory.currentDirectoryURL = URL(fileURLWithPath: "/nonexistent/folder")
    let failure = #expect(throws: Subprocess.StartFailure.self) { try noDirectory.run() }
    #expect(failure?.description == "could not start /bin/true: No such file or directory")
  }

  /// Started with its output read to the end; the standard error is this process's own.
  private static func started(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: URL? = nil
  ) throws -> (Subprocess, String, Pipe) {
    let output = Pipe()
    let child = Subprocess()
    child.executableURL = URL(fileURLWithPath: executable)
    child.arguments = arguments
    child.environment = environment
    child.currentDirectoryURL = directory
    child.standardInput = FileHandle.nullDevice
    child.standardOutput = output
    try child.run()
    let text = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (child, text, output)
  }
}
