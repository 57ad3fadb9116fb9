import Foundation
import Synchronization
import TestSupport
import Testing

@testable import IntentKit

/// The executor on which `intentflow` runs a command, on its main thread.
@Suite("CallingThreadExecutor")
struct CallingThreadExecutorTests {
  /// The calling thread, as a number that can cross tasks.
  private static func thread() -> UInt { currentThreadID() }

  @Test("the task runs on the calling thread, and its result is returned")
  func runsOnCaller() async throws {
    let (caller, ranOn, value) = try await offPool {
      let caller = Self.thread()
      let (ranOn, value) = CallingThreadExecutor.run { _ in (Self.thread(), 42) }
      return (caller, ranOn, value)
    }
    #expect(ranOn == caller)
    #expect(value == 42)
  }

  @Test("child tasks inherit the thread; one that asks for the global executor leaves it")
  func childTasks() async throws {
    let (caller, inherited, global) = try await offPool {
      let caller = Self.thread()
      let (inherited, global) = CallingThreadExecutor.run { _ in
        async let first = Self.thread()
        async let second = Self.thread()
        let global = await withTaskGroup(of: UInt.self) { group in
          group.addTask(executorPreference: globalConcurrentExecutor) { Self.thread() }
          return await group.next() ?? caller
        }
        return (await [first, second], global)
      }
      return (caller, inherited, global)
    }
    #expect(inherited == [caller, caller])
    #expect(global != caller)
  }

  @Test("a task that waits for another thread goes on on the calling thread when resumed")
  func suspension() async throws {
    let (caller, before, after, answer) = try await offPool {
      let caller = Self.thread()
      let (before, after, answer) = CallingThreadExecutor.run { _ in
        let before = Self.thread()
        let answer = await withCheckedContinuation { continuation in
          Thread { continuation.resume(returning: "from another thread") }.start()
        }
        return (before, Self.thread(), answer)
      }
      return (caller, before, after, answer)
    }
    #expect(before == caller)
    #expect(after == caller)
    #expect(answer == "from another thread")
  }

  @Test("a task handed the executor runs there too, and the run waits for nothing it left")
  func handedOn() async throws {
    let (caller, inner) = try await offPool {
      let caller = Self.thread()
      let inner = CallingThreadExecutor.run { executor in
        await Task(executorPreference: executor) { Self.thread() }.value
      }
      return (caller, inner)
    }
    #expect(inner == caller)
  }
}
