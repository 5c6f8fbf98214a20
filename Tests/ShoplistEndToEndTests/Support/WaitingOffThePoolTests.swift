import Foundation
import ShoplistTestSupport
import ShoplistTestTraits
import Testing

/// The test support's ways of waiting without holding a thread of Swift's shared pool: the
/// async child-process runner, and the test threads a synchronous test runs on.
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
