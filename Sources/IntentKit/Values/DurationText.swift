import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes durations as people type them: `90s`, `5m`, `1h30m`, `250ms`, `2d`,
/// a bare number of seconds, or ISO 8601 (`PT1H30M`, `P1DT2H`).
public enum DurationText {
  /// Parses a duration; `nil` when the text is not one.
  public static func parse(_ text: String) -> Duration? {
    let text = text.trimming(.whitespaces)
    guard !text.isEmpty else { return nil }
    if let seconds = Double(text), seconds.isFinite, seconds >= 0 {
      return milliseconds(seconds * 1000)
    }
    if text.first == "P" || text.first == "p" { return parseISO(text.dropFirst()) }
    var total = 0.0
    var rest = Substring(text.lowercased())
    var sawUnit = false
    while !rest.isEmpty {
      rest = rest.drop(while: \.isWhitespace)
      let digits = rest.prefix(while: { $0.isNumber || $0 == "." })
      guard !digits.isEmpty, let amount = Double(digits) else { return nil }
      rest = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
      let unit = rest.prefix(while: \.isLetter)
      guard let scale = unitMilliseconds[String(unit)] else { return nil }
      rest = rest.dropFirst(unit.count)
      total += amount * scale
      sawUnit = true
    }
    return sawUnit ? milliseconds(total) : nil
  }

  /// Formats a duration compactly: `1h30m`, `45s`, `1.5s`, `250ms`, `0s`.
  public static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if seconds == 0 && attoseconds == 0 { return "0s" }
    let sign = seconds < 0 || attoseconds < 0 ? "-" : ""
    var whole = abs(seconds)
    let millis = abs(attoseconds) / 1_000_000_000_000_000
    if whole == 0 { return "\(sign)\(millis)ms" }
    var parts = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60)] where whole >= size {
      parts += "\(whole / size)\(unit)"
      whole %= size
    }
    if whole > 0 || millis > 0 {
      if millis > 0 {
        var fraction = String(millis)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        parts += "\(whole).\(fraction)s"
      } else {
        parts += "\(whole)s"
      }
    }
    return sign + parts
  }

  private static let unitMilliseconds: [String: Double] = [
    "ms": 1, "millisecond": 1, "milliseconds": 1,
    "s": 1000, "sec": 1000, "secs": 1000, "second": 1000, "seconds": 1000,
    "m": 60_000, "min": 60_000, "mins": 60_000, "minute": 60_000, "minutes": 60_000,
    "h": 3_600_000, "hr": 3_600_000, "hrs": 3_600_000, "hour": 3_600_000, "hours": 3_600_000,
    "d": 86_400_000, "day": 86_400_000, "days": 86_400_000,
    "w": 604_800_000, "week": 604_800_000, "weeks": 604_800_000,
  ]

  private static func parseISO(_ text: Substring) -> Duration? {
    var total = 0.0
    var inTime = false
    var number = ""
    var sawComponent = false
    var sawTimeComponent = false
    for character in text.uppercased() {
      if character == "T" {
        guard !inTime, number.isEmpty else { return nil }
        inTime = true
      } else if character.isNumber || character == "." || character == "," {
        number.append(character == "," ? "." : character)
      } else {
        guard let amount = Double(number) else { return nil }
        let seconds: Double
        switch (character, inTime) {
        case ("W", false): seconds = 604_800
        case ("D", false): seconds = 86_400
        case ("H", true): seconds = 3_600
        case ("M", true): seconds = 60
        case ("S", true): seconds = 1
        default: return nil
        }
        total += amount * seconds
        number = ""
        sawComponent = true
        sawTimeComponent = inTime
      }
    }
    // A `T` must be followed by at least one time component (`P1DT` is not a duration).
    guard sawComponent, number.isEmpty, sawTimeComponent || !inTime else { return nil }
    return milliseconds(total * 1000)
  }

  private static func milliseconds(_ value: Double) -> Duration? {
    guard value.isFinite, value >= 0, value < 9e15 else { return nil }
    return .milliseconds(Int64(value.rounded()))
  }
}
