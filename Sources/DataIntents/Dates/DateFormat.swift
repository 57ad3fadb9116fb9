import CivilTime
import ICUSupport
import IntentKit
import Suggestions
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `format` parameter of `date.format` and `date.parse`: a named format or a Unicode
/// (ICU) date pattern.
enum DateFormat: Sendable, Hashable {
  /// `2026-03-29T03:00:00+02:00`.
  case iso8601
  /// Whole seconds since 1970-01-01 UTC.
  case unix
  /// A Unicode pattern such as `yyyy-MM-dd HH:mm`; `date` and `time` are `yyyy-MM-dd` and
  /// `HH:mm`.
  case pattern(String)

  /// The names accepted besides patterns.
  static let names = ["iso8601", "date", "time", "unix"]

  /// The format `text` names: a name (ignoring case), the spelling `YYYY-MM-DD` that DESIGN
  /// uses for `date`, or else a pattern.
  init(_ text: String) {
    switch text.trimming(.whitespaces).lowercased() {
    case "iso8601", "iso 8601", "iso-8601": self = .iso8601
    case "unix": self = .unix
    case "date", "yyyy-mm-dd": self = .pattern("yyyy-MM-dd")
    case "time": self = .pattern("HH:mm")
    default: self = .pattern(text)
    }
  }

  /// The letters ICU reads as fields; any other letter outside quotes is a mistake.
  private static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

  /// Accepts a name or a pattern whose letters are all ICU fields; anything else (`iso`,
  /// `unixtime`) is unsupported, with the names and an example pattern.
  static func resolve(_ text: String) -> ParameterResolution<String> {
    guard case .pattern(let pattern) = DateFormat(text) else { return .success(text) }
    var fields: Set<Character> = []
    var quoted = false
    for character in pattern {
      if character == "'" {
        quoted.toggle()
      } else if !quoted, character.isASCII, character.isLetter {
        guard patternLetters.contains(character) else {
          var reason =
            "'\(text)' is not a date format: '\(character)' is not a pattern letter; use "
            + "iso8601, date, time, unix or a Unicode pattern such as yyyy-MM-dd HH:mm (put "
            + "literal letters in single quotes)"
          if let suggestion = Spelling.closest(to: text, among: names) {
            reason += "; did you mean '\(suggestion)'?"
          }
          return .unsupported(reason: reason)
        }
        fields.insert(character)
      }
    }
    // Two slips that give plausible but wrong dates, so they are refused rather than run.
    if fields.contains("Y"), !fields.contains("w") {
      return .unsupported(
        reason: "in '\(text)', Y is the year of week-based dates, which differs from the "
          + "calendar year around New Year; write yyyy (or add w for week-based dates)")
    }
    if fields.contains("D"), fields.contains("M") {
      return .unsupported(
        reason: "in '\(text)', D is the day of the year; write dd for the day of the month")
    }
    return .success(text)
  }

  /// A formatter for `pattern` in `zone`, independent of the machine's locale (`en_US_POSIX`),
  /// with ISO 8601 weeks as date.startOf counts them: Monday first, week 1 holds a Thursday.
  ///
  /// Kept for the next step with the same pattern and zone: making one costs ICU some 35 µs
  /// (it reads the pattern and the zone's rules), using one about 2 µs, and a `forEach` that
  /// formats dates asks for the same one on every pass. A `DatePattern` may be used from
  /// several tasks at once.
  static func formatter(_ pattern: String, in zone: TimeZone) -> DatePattern {
    let key = FormatterKey(pattern: pattern, zone: zone)
    if let kept = formatters.withLock({ $0[key] }) { return kept }
    let made = DatePattern(pattern, timeZone: zone)
    formatters.withLock { kept in
      // Patterns come from workflow files, a few a run; a pattern made of step outputs can
      // change on every pass, so the cache starts over rather than grow.
      if kept.count >= maximumKeptFormatters { kept.removeAll(keepingCapacity: true) }
      kept[key] = made
    }
    return made
  }

  /// How many formatters are kept at most.
  static let maximumKeptFormatters = 32

  private struct FormatterKey: Hashable {
    var pattern: String
    var zone: TimeZone
  }

  private static let formatters = Mutex<[FormatterKey: DatePattern]>([:])

  /// `date` as text in this format, on the wall clock of `zone`.
  func string(from date: Date, in zone: TimeZone) -> String {
    switch self {
    case .iso8601: return Timestamp.format(date, in: zone)
    case .unix: return String(Int(date.timeIntervalSince1970.rounded(.down)))
    case .pattern(let pattern):
      return Self.formatter(pattern, in: zone).string(from: date)
    }
  }
}
