public import IntentKit

/// Where `math.random` and `list.random` get their numbers: the system generator, or a
/// fixed sequence in tests.
public struct RandomSource: Sendable {
  /// Returns a whole number in the range, both ends included.
  public var integer: @Sendable (ClosedRange<Int>) -> Int

  /// A source whose numbers come from `integer`.
  public init(integer: @escaping @Sendable (ClosedRange<Int>) -> Int) {
    self.integer = integer
  }

  /// The system's random number generator.
  public static let live = RandomSource { Int.random(in: $0) }
}

private enum RandomSourceKey: DependencyKey {
  static let defaultValue = RandomSource.live
}

extension DependencyValues {
  /// The random numbers intents use; the default is the system's generator.
  public var randomSource: RandomSource {
    get { self[RandomSourceKey.self] }
    set { self[RandomSourceKey.self] = newValue }
  }
}
