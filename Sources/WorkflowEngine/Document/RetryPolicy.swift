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
  public var on: Set<IntentFlowError.Code> {
    get { chosenKinds ?? Self.defaultKinds }
    set { chosenKinds = newValue }
  }
  /// `on` when the file sets it. Every step has a policy, and most keep the default: not
  /// making a `Set` for them spares a run the runtime's search of every conformance record
  /// for `IntentFlowError.Code: Hashable` (6 % of a cold run's instructions).
  private var chosenKinds: Set<IntentFlowError.Code>?

  /// What `retry` retries unless `on` says otherwise: errors thrown by perform, and timeouts.
  public static let defaultKinds: Set<IntentFlowError.Code> = [.failed, .timedOut]
  /// The kinds `on` may name: the ones a second attempt could change.
  public static let retriableKinds: [IntentFlowError.Code] = [
    .failed, .timedOut, .unsupported, .confirmationFailed,
  ]

  public init() {}

  /// Whether an error of this kind is retried.
  public func retries(_ code: IntentFlowError.Code) -> Bool {
    guard let chosenKinds else { return code == .failed || code == .timedOut }
    return chosenKinds.contains(code)
  }

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
    return .seconds(min(seconds, CheckedArithmetic.maximumDurationSeconds))
  }
}

extension RetryPolicy {
  /// Equal when they retry alike: a policy whose `on` names the default kinds equals one that
  /// leaves `on` out.
  public static func == (lhs: RetryPolicy, rhs: RetryPolicy) -> Bool {
    lhs.backoff == rhs.backoff && lhs.maxDelay == rhs.maxDelay && lhs.jitter == rhs.jitter
      && lhs.on == rhs.on
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(backoff)
    hasher.combine(maxDelay)
    hasher.combine(jitter)
    hasher.combine(on)
  }
}
