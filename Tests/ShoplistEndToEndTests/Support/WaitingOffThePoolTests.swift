import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The test support's ways of waiting without holding a thread of Swift's shared pool: the
/// async child-process runner, the async wait for a server's port, and the test threads a
/// synchronous test runs on.
@Suite struct WaitingOffThePoolTests {
  @Test func aChildsOutputsAndStatusAreReturned() async throws {
    let result = try await ChildProcess.run(
      "/bin/sh", ["-c", "printf out; printf err >&2; exit 3"])

    #expect(result.status == 3)
    #expect(result.stdout == "out")
    #expect(result.stderr == "err")
  }

  @Test func standardInputIsWrittenAndThenClosed() async throws {
    let text = String(repeating: "milk and bread\n", count: 20_000)

    let result = try await ChildProcess.run("/bin/cat", [], stdin: Data(text.utf8))

    #expect(result.status == 0)
    #expect(result.stdout == text)
  }

  @Test func largeOutputsOnBothStreamsAreReadWhole() async throws {
    let result = try await ChildProcess.run(
      "/bin/sh", ["-c", "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2"])

    #expect(result.stdoutData.count == 3_000_000)
    #expect(result.stderrData.count == 2_000_000)
  }

  @Test func aProgramThatCannotBeStartedThrows() async {
    await #expect(throws: (any Error).self) {
      _ = try await ChildProcess.run("/nonexistent/program", [])
    }
  }

  /// Fifty children awaited at once end in about the time one takes: none of the waits holds
  /// a thread. (Held threads, two of them, would take 25 times as long.)
  @Test func fiftyChildrenAwaitedAtOnceTakeAboutAsLongAsOne() async throws {
    // Timed on threads of its own, so that a shared pool busy with other tests' synchronous
    // waits delays neither clock reading.
    let (one, fifty) = try await TestThreads.withThreads(2) {
      let clock = ContinuousClock()
      let one = try await clock.measure {
        _ = try await ChildProcess.run("/bin/sleep", ["1"])
      }
      let fifty = try await clock.measure {
        try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
          for _ in 0..<50 {
            group.addTask { try await ChildProcess.run("/bin/sleep", ["1"]) }
          }
          for try await result in group { #expect(result.status == 0) }
        }
      }
      return (one, fifty)
    }

    #expect(fifty < one * 5, "one: \(one), fifty at once: \(fifty)")
  }

  /// Fifty waits for a port to take connections, at once, end in about the time one takes.
  @Test func fiftyWaitsForAServerAtOnceTakeAboutAsLongAsOne() async throws {
    let (one, fifty) = try await TestThreads.withThreads(2) {
      let clock = ContinuousClock()
      let one = try await clock.measure {
        let ports = try DelayedListeners(count: 1, after: 1)
        #expect(
          await LoopbackWait.untilListening(
            port: ports.ports[0], for: .seconds(20), every: .milliseconds(100)))
      }
      let fifty = try await clock.measure {
        let ports = try DelayedListeners(count: 50, after: 1)
        await withTaskGroup(of: Bool.self) { group in
          for port in ports.ports {
            group.addTask {
              await LoopbackWait.untilListening(
                port: port, for: .seconds(20), every: .milliseconds(100))
            }
          }
          for await listening in group { #expect(listening) }
        }
      }
      return (one, fifty)
    }

    #expect(fifty < one * 5, "one: \(one), fifty at once: \(fifty)")
  }

  @Test func aPortNobodyListensOnIsNotWaitedForPastTheLimit() async throws {
    let ports = try DelayedListeners(count: 1, after: nil)
    let listening = await LoopbackWait.untilListening(
      port: ports.ports[0], for: .milliseconds(200))
    #expect(!listening)
  }

  @Test(.offThePool) func aSynchronousTestOffThePoolRunsOnATestThread() {
    #expect(TestThreads.isRunningOnATestThread || !OffThePool.isOn)
  }

  /// Twelve synchronous waits of half a second at once, each holding the thread it runs on,
  /// end in about the time of one on twelve test threads, not two at a time as on the shared
  /// pool.
  @Test func synchronousWaitsOffThePoolRunSideBySide() async throws {
    // Threads of its own, timed on them: the shared ones may all be running other tests.
    let twelve = await TestThreads.withThreads(12) {
      await ContinuousClock().measure {
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<12 {
            group.addTask { usleep(500_000) }
          }
        }
      }
    }

    // Two at a time, as on the shared pool, would take three seconds.
    #expect(twelve < .milliseconds(2_500), "\(twelve)")
  }
}

/// Sockets bound to free loopback ports that start listening only after a while (or never):
/// until then a connection to them is refused.
final class DelayedListeners: Sendable {
  let ports: [Int]
  /// Closed here when nothing listens on them; otherwise by the thread that listens, once the
  /// test is long over, so that no descriptor number is closed while another test reuses it.
  private let unlistened: [Int32]

  init(count: Int, after seconds: Double?) throws {
    var ports: [Int] = []
    var descriptors: [Int32] = []
    for _ in 0..<count {
      guard let socket = LoopbackSocket.bound() else {
        throw Shoplist.Failure("cannot bind a port")
      }
      ports.append(socket.port)
      descriptors.append(socket.descriptor)
    }
    self.ports = ports
    guard let seconds else {
      unlistened = descriptors
      return
    }
    unlistened = []
    Thread { [descriptors] in
      Thread.sleep(forTimeInterval: seconds)
      for descriptor in descriptors { listen(descriptor, 16) }
      Thread.sleep(forTimeInterval: 30)
      for descriptor in descriptors { close(descriptor) }
    }.start()
  }

  deinit { for descriptor in unlistened { close(descriptor) } }
}
