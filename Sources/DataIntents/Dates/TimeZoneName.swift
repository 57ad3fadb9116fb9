import Cron
import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `timezone` parameter of the date intents: a zone of the system's tz database
/// (`Europe/Prague`, `Asia/Kolkata`, `US/Eastern`: the one list schedules and `intentflow
/// next` accept, ``Cron/TimeZoneName``), `UTC`, or a fixed offset (`+02:00`, `-0530`, `Z`).
enum TimeZoneName {
  /// The zone `name` names, or `nil`.
  static func zone(_ name: String) -> TimeZone? {
    let name = name.trimming(.whitespaces)
    switch name.uppercased() {
    case "Z", "UTC", "GMT": return TimeZone(secondsFromGMT: 0)
    default: break
    }
    if let first = name.first, first == "+" || first == "-" {
      return offset(name).flatMap { TimeZone(secondsFromGMT: $0) }
    }
    return Cron.TimeZoneName.zone(named: name)
  }

  /// Accepts a name that names a zone; any other is unsupported.
  static func resolve(_ name: String?) -> ParameterResolution<String?> {
    guard let name else { return .success(nil) }
    if zone(name) != nil { return .success(name) }
    let shown = UnsafeText.escaped(name, limit: 64)
    var reason = "'\(shown)' is not a time zone"
    if let suggestion = Spelling.closest(
      to: name, among: Cron.TimeZoneName.suggestionCandidates(for: name))
    {
      reason += "; did you mean '\(suggestion)'?"
    } else {
      reason +=
        "; use an IANA name such as Europe/Prague or America/New_York, UTC, or "
        + "an offset such as +02:00"
    }
    return .unsupported(reason: reason)
  }

  /// `+02:00`, `+0200` or `+02` as seconds east of UTC.
  private static func offset(_ text: String) -> Int? {
    let sign = text.hasPrefix("-") ? -1 : 1
    let digits = text.dropFirst().filter { $0 != ":" }
    guard digits.count == 2 || digits.count == 4,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let hours = Int(digits.prefix(2)),
      let minutes = digits.count == 4 ? Int(digits.suffix(2)) : 0, hours <= 18, minutes < 60
    else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}
