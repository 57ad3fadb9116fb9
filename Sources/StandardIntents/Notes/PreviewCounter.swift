import Synchronization

/// Counts how often notes computed their deferred `preview`, so that tests (and the curious)
/// can check it is computed only when read. One counter per store; notes share it.
public final class PreviewCounter: Sendable {
  private let count = Mutex(0)

  /// A counter at zero.
  public init() {}

  /// How many previews were computed so far.
  public var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}
