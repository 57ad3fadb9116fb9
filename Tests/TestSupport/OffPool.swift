import Dispatch
import Foundation

/// Runs blocking work (SQLite's busy waits, waiting for a process) on a thread of its own, so
/// that it never holds one of the few threads of Swift's cooperative pool: on a 2-core
/// machine the whole test run shares two of them.
///
/// - Returns: What `work` returns.
/// - Throws: What `work` throws.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Runs CPU-bound test work (brute-force scans, oracle comparisons, fuzzing) on one serial
/// queue outside Swift's cooperative pool.
///
/// A synchronous test runs on a thread of the cooperative pool and holds it until it ends;
/// with two cores the pool has two threads, so two such tests starve every other test's
/// `await` (an end-to-end test whose child process has long printed what it waits for cannot
/// even look). Here the test only suspends while the work runs elsewhere, and the serial
/// queue keeps all heavy work on at most one core, leaving the other to everything else.
public enum HeavyWork {
  private static let queue = DispatchQueue(label: "intentflow.tests.heavy-work", qos: .utility)

  /// Runs `work` on the heavy-work queue and returns its result.
  ///
  /// - Throws: What `work` throws.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try work() }) }
    }
  }
}
