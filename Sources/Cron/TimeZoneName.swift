import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
  import FoundationInternationalization  // the zones' rules come from ICU
#else
  public import Foundation
#endif

/// The time-zone names IntentFlow accepts, for schedules, `intentflow next` and the date
/// intents alike: the zones of the system's tz database (``TimeZoneDatabase/system``), which
/// is what cron's C library reads for `CRON_TZ`.
///
/// So `Asia/Kolkata` and the links `Asia/Calcutta` and `US/Eastern` are accepted, as cron
/// reads them. What cron would read otherwise is refused: a name that is no file of the
/// database is, to the C library, a POSIX rule (`GMT+5` is UTC−05:00 there, UTC+05:00 to
/// Foundation), and a name with a NUL is cut at the NUL. A name must also be one whose rules
/// Foundation knows, since the daemon and `next` compute with Foundation.
public enum TimeZoneName {
  /// The database names are looked up in.
  public static let database = TimeZoneDatabase.system

  /// Every accepted name, sorted: the database's zones that Foundation can compute with.
  ///
  /// - Complexity: Computed once, on first use, by a walk of the database (a few ms).
  public static let acceptedNames: [String] = database.names().filter {
    TimeZone(identifier: $0) != nil
  }

  /// The accepted names, as a set.
  public static var accepted: Set<String> { Set(acceptedNames) }

  /// The length in UTF-8 bytes of the longest accepted name; a longer name is wrong without
  /// a search for what it might have meant.
  public static var longestName: Int {
    acceptedNames.lazy.map(\.utf8.count).max() ?? TimeZoneDatabase.maximumNameLength
  }

  /// The zone named `name`, or `nil` unless the database defines it (spelt exactly) and
  /// Foundation knows its rules.
  ///
  /// - Complexity: One file check; never a walk of the database or a search.
  public static func zone(named name: String) -> TimeZone? {
    zone(named: name, in: database)
  }

  /// The zone named `name` in `database`, as ``zone(named:)`` decides.
  public static func zone(named name: String, in database: TimeZoneDatabase) -> TimeZone? {
    guard database.defines(name) else { return nil }
    return TimeZone(identifier: name)
  }

  /// Why `name` cannot be a time zone, or `nil` when it can. The message quotes the name
  /// with control characters escaped, and says what to write instead, without a "did you
  /// mean" (``suggestionCandidates(for:)`` tells a caller whether to look for one).
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
    if !name.isEmpty, name.utf8.count <= TimeZoneDatabase.maximumNameLength,
      !TimeZoneDatabase.isPlainName(name)
    {
      return "time zone '\(shown)' is not a tz database name; write a name relative to "
        + "\(database.directory), such as 'Europe/Prague' or 'UTC'"
    }
    return "unknown time zone '\(shown)'"
  }

  /// The names to look through for a "did you mean": the accepted names, or none for a name
  /// longer than any real zone, an offset, or one holding control characters, so that
  /// rejecting a huge name costs no search.
  public static func suggestionCandidates(for name: String) -> [String] {
    guard name.utf8.count <= TimeZoneDatabase.maximumNameLength,
      !name.unicodeScalars.contains(where: \.isUnsafeInOneLine),
      !isOffsetName(name)
    else { return [] }
    return acceptedNames
  }

  /// The problem with `name` and, where one is close, a "did you mean"; `nil` when `name`
  /// is accepted.
  public static func problemWithSuggestion(for name: String) -> String? {
    guard var message = problem(with: name) else { return nil }
    if let suggestion = Spelling.closest(to: name, among: suggestionCandidates(for: name)) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }

  /// Whether `name`, which is not a zone, looks like a POSIX offset zone (`GMT+5`, `UTC-3`,
  /// `UTC+05:30`, `EST5`) rather than a place.
  static func isOffsetName(_ name: String) -> Bool {
    let hasDigit = name.unicodeScalars.contains { ("0"..."9").contains($0) }
    return (hasDigit && !name.contains("/")) || (name.hasPrefix("Etc/GMT") && name.count > 7)
  }
}
