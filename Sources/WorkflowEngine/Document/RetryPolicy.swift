public import IntentKit

/// The parts of `retry` beyond its count and delay: `backoff`, `maxDelay`, `jitter`, `on`.
public struct RetryPolicy: Sendable, Hashable {
  /// How the pause between attempts grows.
  public enum Backoff: String, Sendable, Hashable, CaseIterable {
    /// The same `delay` before every retry.
    case fixed
    /// `delay`, then twice that, then four times, … up to `maxDelay`.
    case exponential
  }

  public var backoff: Backoff = .fixed
  /// The longest pause, whatever the backoff; `nil` for no limit.
  public var maxDelay: Duration?
  /// Each pause is a random part (from half to all) of the computed one, so that many runs
  /// that failed together do not retry together.
  public var jitter = false
  /// The error kinds (DESIGN section 5) that are retried.
  public var on: Set<IntentFlowError.Code> = RetryPolicy.defaultKinds

  /// What `retry` retries unless `on` says otherwise: errors thrown by perform, and timeouts.
  public static let defaultKinds: Set<IntentFlowError.Code> = [.failed, .timedOut]
  /// The kinds `on` may name: the ones a second attempt could change.
  public static let retriableKinds: [IntentFlowError.Code] = [
    .failed, .timedOut, .unsupported, .confirmationFailed,
  ]

  public init() {}

  /// Whether an error of this kind is retried.
  public func retries(_ code: IntentFlowError.Code) -> Bool { on.contains(code) }

  /// The pause before retry number `retry` (from 0), from the step's `delay`.
  ///
  /// - Parameter random: Gives a number in the range it is passed; injected for tests.
  public func delay(
    beforeRetry retry: Int, base: Duration, random: (ClosedRange<Double>) -> Double
  ) -> Duration {
    var seconds = base.inSeconds
    if backoff == .exponential {
      seconds *= Double(1 << min(retry, 30))
    }
    if let maxDelay { seconds = min(seconds, maxDelay.inSeconds) }
    if jitter { seconds *= random(0.5...1) }
    return .seconds(seconds)
  }
}
