extension Duration {
  /// The duration in seconds, fractions included: for JSON, logs, and the APIs that take
  /// seconds as a `Double`. The one place a `Duration` is converted so.
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The duration in milliseconds, fractions included.
  public var inMilliseconds: Double { inSeconds * 1000 }
}
