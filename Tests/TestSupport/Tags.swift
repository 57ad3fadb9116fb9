public import Testing

extension Tag {
  /// CPU-bound tests that take seconds (brute-force scans, oracles, fuzzers). They run their
  /// work through ``HeavyWork`` so that they never hold a thread of the cooperative pool.
  @Tag public static var heavy: Self
}
