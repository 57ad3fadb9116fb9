import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
  import FoundationInternationalization  // the identifiers come from ICU
#else
  public import Foundation
#endif

/// The time-zone names a schedule may use: IANA names that cron and the daemon read alike.
///
/// Foundation accepts more than IANA names: `GMT+5` is UTC+05:00 to Foundation but a POSIX
/// rule, UTC−05:00, to the C library that cron uses for `CRON_TZ`; a name with a NUL is cut
/// at the NUL. A schedule's zone must therefore be one of Foundation's known identifiers
/// (the canonical IANA names of the time-zone database), `UTC` or `Etc/UTC`, spelt exactly, so that
/// `intentflow next`, `intentflow schedule` and the line `intentflow crontab` writes name the
/// same instants.
public enum TimeZoneName {
  /// The accepted names: the canonical IANA identifiers, and `UTC` and `Etc/UTC` (the
  /// machine's zone on many Linux systems), which Foundation lists under other names.
  public static let accepted: Set<String> = Set(
    TimeZone.knownTimeZoneIdentifiers + ["UTC", "Etc/UTC"])

  /// The length in UTF-8 bytes of the longest accepted name; a longer name is wrong without
  /// a search for what it might have meant.
  public static let longestName: Int = accepted.map(\.utf8.count).max() ?? 0

  /// The zone named `name`, or `nil` unless `name` is an accepted name.
  ///
  /// - Complexity: O(*n*) in the length of `name` (one hash), never a search.
  public static func zone(named name: String) -> TimeZone? {
    guard name.utf8.count <= longestName, accepted.contains(name) else { return nil }
    return TimeZone(identifier: name)
  }

  /// Why `name` cannot be a schedule's time zone, or `nil` when it can. The message quotes
  /// the name with control characters escaped, and says what to write instead, without a
  /// "did you mean" (``suggestionCandidates(for:)`` tells a caller whether to look for one).
  public static func problem(with name: String) -> String? {
    if zone(named: name) != nil { return nil }
    let shown = UnsafeText.escaped(name, limit: 64)
    if let scalar = name.unicodeScalars.first(where: \.isUnsafeInOneLine) {
      return "time zone '\(shown)' contains the control character \(UnsafeText.code(scalar)); "
        + "use an IANA name such as 'Europe/Prague' or 'UTC'"
    }
    if isOffsetName(name) {
      return "time zone '\(shown)' is an offset, which cron reads with the opposite sign; "
        + "use an IANA name such as 'Europe/Prague' or 'UTC'"
    }
    return "unknown time zone '\(shown)'"
  }

  /// The names to look through for a "did you mean": none for a name longer than any real
  /// zone, or one holding control characters, so that rejecting a huge name costs no search.
  public static func suggestionCandidates(for name: String) -> [String] {
    guard name.utf8.count <= longestName + 3,
      !name.unicodeScalars.contains(where: \.isUnsafeInOneLine),
      !isOffsetName(name)
    else { return [] }
    return accepted.sorted()
  }

  /// Whether `name` looks like a POSIX offset zone (`GMT+5`, `UTC-3`, `EST5EDT`, `Etc/GMT+5`)
  /// rather than a place.
  static func isOffsetName(_ name: String) -> Bool {
    let hasDigit = name.unicodeScalars.contains { ("0"..."9").contains($0) }
    return (hasDigit && !name.contains("/")) || (name.hasPrefix("Etc/GMT") && name.count > 7)
  }
}
