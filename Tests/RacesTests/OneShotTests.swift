import Races
import Synchronization
import Testing

@Suite("A one-shot is decided once, by the first resolution")
struct OneShotTests {
  /// Waits until `count` tasks wait on `shot`: the waiters register on the pool, so this
  /// yields to them until they have (no clock involved; the count is the event).
  private func waitUntil<Value>(_ shot: OneShot<Value>, has count: Int) async -> Bool {
    while shot.waiting < count {
      if Task.isCancelled { return false }
      await Task.yield()
    }
    return true
  }

  @Test("the first resolution wins; later ones report that they lost and change nothing")
  func firstWins() async throws {
    let shot = OneShot<Int>()
    #expect(shot.resolution == nil)
    #expect(!shot.isResolved)
    #expect(shot.resolve(1))
    #expect(!shot.resolve(2))
    #expect(!shot.resolve(3))
    #expect(shot.resolution == 1)
    #expect(try await shot.value() == 1)
  }

  @Test("a winning resolution seals before anyone sees the value; a losing one does not seal")
  func sealing() async {
    let shot = OneShot<Int>()
    let sealed = Sealed()
    let waiter = Task {
      let value = await shot.valueIgnoringCancellation()
      return (value, sealed.values)
    }
    #expect(await waitUntil(shot, has: 1))
    // The sealing runs before the waiter is woken, so whoever learns the winner finds it.
    #expect(shot.resolve(1, sealing: { sealed.append(1) }))
    #expect(!shot.resolve(2, sealing: { sealed.append(2) }))
    let (value, sealedWhenWoken) = await waiter.value
    #expect(value == 1)
    #expect(sealedWhenWoken == [1])
    #expect(sealed.values == [1])
    #expect(!shot.resolve(3))
  }

  @Test("a wait that begins after the resolution returns it at once, even in a cancelled task")
  func waitAfterResolution() async throws {
    let shot = OneShot<String>()
    shot.resolve("done")
    let task = Task { () async throws -> String in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await shot.value()
    }
    #expect(try await task.value == "done")
    #expect(await shot.valueIgnoringCancellation() == "done")
    #expect(await shot.value(resolvingOnCancellationWith: { "fallback" }) == "done")
  }

  @Test("an optional value: a resolution with nil is a resolution")
  func optionalValue() async throws {
    let shot = OneShot<String?>()
    #expect(shot.resolve(nil))
    #expect(shot.isResolved)
    #expect(!shot.resolve("late"))
    #expect(try await shot.value() == nil)
  }

  @Test("many waiters, registered before the resolution, all get the winning value")
  func manyWaiters() async throws {
    let shot = OneShot<Int>()
    let results = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<50 { group.addTask { try await shot.value() } }
      #expect(await waitUntil(shot, has: 50))
      #expect(shot.resolve(7))
      var results: [Int] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(results == Array(repeating: 7, count: 50))
    #expect(shot.waiting == 0)
  }

  @Test("many concurrent resolvers: exactly one wins, and every waiter sees its value")
  func concurrentResolvers() async throws {
    for _ in 0..<20 {
      let shot = OneShot<Int>()
      let waiters = (0..<10).map { _ in Task { try await shot.value() } }
      let winners = await withTaskGroup(of: Int?.self) { group in
        for candidate in 0..<64 {
          group.addTask { shot.resolve(candidate) ? candidate : nil }
        }
        var winners: [Int] = []
        for await winner in group { if let winner { winners.append(winner) } }
        return winners
      }
      #expect(winners.count == 1)
      let winner = try #require(winners.first)
      #expect(shot.resolution == winner)
      for waiter in waiters { #expect(try await waiter.value == winner) }
    }
  }

  @Test("a waiter cancelled before it waits throws and leaves the shot unresolved")
  func cancelledBeforeWaiting() async {
    let shot = OneShot<Int>()
    let task = Task { () async throws -> Int in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await shot.value()
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(shot.waiting == 0)
    #expect(!shot.isResolved)
    #expect(shot.resolve(5))
  }

  @Test("a waiter cancelled while it waits throws at once; the shot stays open for others")
  func cancelledWhileWaiting() async throws {
    let shot = OneShot<Int>()
    let cancelled = Task { try await shot.value() }
    let staying = Task { try await shot.value() }
    #expect(await waitUntil(shot, has: 2))
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(shot.waiting == 1)
    #expect(!shot.isResolved)
    #expect(shot.resolve(9))
    #expect(try await staying.value == 9)
  }

  @Test("resolved, then the waiter is cancelled: the waiter gets the value")
  func resolvedThenCancelled() async throws {
    let shot = OneShot<Int>()
    let gate = OneShot<Void>()
    let waiter = Task { () async throws -> Int in
      let value = try await shot.value()
      // Cancelled only after the value came: the value stands.
      await gate.valueIgnoringCancellation()
      return value
    }
    #expect(await waitUntil(shot, has: 1))
    shot.resolve(3)
    waiter.cancel()
    gate.resolve(())
    #expect(try await waiter.value == 3)
  }

  @Test("a cancelled waiter asked to may resolve the shot itself; the other waiters get that")
  func cancellationResolves() async {
    let shot = OneShot<String>()
    let resolving = Task { await shot.value(resolvingOnCancellationWith: { "cancelled" }) }
    let other = Task { await shot.valueIgnoringCancellation() }
    #expect(await waitUntil(shot, has: 2))
    resolving.cancel()
    #expect(await resolving.value == "cancelled")
    #expect(await other.value == "cancelled")
    #expect(!shot.resolve("late"))
  }

  @Test("the fallback of a cancelled waiter loses to an earlier resolution")
  func fallbackLoses() async {
    let shot = OneShot<String>()
    shot.resolve("first")
    let task = Task { () async -> String in
      withUnsafeCurrentTask { $0?.cancel() }
      return await shot.value(resolvingOnCancellationWith: { "fallback" })
    }
    #expect(await task.value == "first")
  }

  @Test("a wait that ignores cancellation goes on until the resolution")
  func ignoringCancellation() async {
    let shot = OneShot<Int>()
    let waiter = Task { await shot.valueIgnoringCancellation() }
    #expect(await waitUntil(shot, has: 1))
    waiter.cancel()
    #expect(shot.waiting == 1)
    #expect(!shot.isResolved)
    shot.resolve(4)
    #expect(await waiter.value == 4)
  }

  @Test("resolution racing cancellation: a waiter gets the value or CancellationError, never hangs")
  func resolutionRacesCancellation() async {
    for round in 0..<500 {
      let shot = OneShot<Int>()
      let waiter = Task { () async -> Int? in try? await shot.value() }
      // The two orders alternate which of them is started first; the scheduler decides the rest.
      if round.isMultiple(of: 2) {
        waiter.cancel()
        shot.resolve(round)
      } else {
        shot.resolve(round)
        waiter.cancel()
      }
      let got = await waiter.value
      #expect(got == nil || got == round)
      #expect(shot.resolution == round)
      #expect(shot.waiting == 0)
    }
  }
}

/// What the sealing closures of a test ran.
private final class Sealed: Sendable {
  private let state = Mutex<[Int]>([])
  var values: [Int] { state.withLock { $0 } }
  func append(_ value: Int) { state.withLock { $0.append(value) } }
}
