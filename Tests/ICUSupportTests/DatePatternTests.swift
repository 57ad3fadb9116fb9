import Foundation
import ICUSupport
import Testing

/// The formatter `date.format` and `date.parse` used before ICUSupport: the oracle.
private func foundationFormatter(_ pattern: String, in zone: TimeZone) -> DateFormatter {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  var calendar = Calendar(identifier: .iso8601)
  calendar.timeZone = zone
  formatter.calendar = calendar
  formatter.timeZone = zone
  formatter.dateFormat = pattern
  formatter.isLenient = false
  return formatter
}

private func zone(_ name: String) -> TimeZone {
  if name.hasPrefix("+") || name.hasPrefix("-") {
    let sign = name.hasPrefix("-") ? -1 : 1
    let digits = name.dropFirst().split(separator: ":").compactMap { Int($0) }
    return TimeZone(secondsFromGMT: sign * (digits[0] * 3600 + digits[1] * 60)) ?? .gmt
  }
  return TimeZone(identifier: name) ?? .gmt
}

private let zoneNames = [
  "GMT", "Europe/Prague", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe",
  "Pacific/Apia", "+05:45", "-03:30",
]

private let patterns = [
  "yyyy-MM-dd HH:mm:ss", "dd.MM.yyyy HH:mm", "EEEE, MMMM d, yyyy h:mm a", "EEE MMM dd yy",
  "YYYY-'W'ww-e", "Y w c cccc", "D DDD", "F W", "G GGGG y QQQ qqqq", "LLLL LLLLL", "K k H h",
  "a B b", "SSS S SSSSSS", "A", "z zzzz Z ZZZZ ZZZZZ", "O OOOO v vvvv V VV VVV VVVV",
  "X XX XXX x xx xxx", "''o''clock", "'at' HH 'h'", "u U r g", "yyyyy", "MMMMM EEEEEE",
  "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "", "no letters? 'ok'",
]

/// Seconds since 1970: DST changes in the zones above, week-year and leap-day edges, dates
/// before 1970 and far ones, and fractions of a millisecond that rounding meets.
private let instants: [Double] = [
  1_774_771_200, 1_774_745_999, 1_774_746_000, 1_792_888_200, 1_792_890_000, 1_792_891_800,
  1_772_953_200, 1_793_511_000, 1_793_514_600, 1_798_761_599.999, 1_798_761_600,
  951_825_600, -0.5, -1_000_000_000.25, -62_135_596_800, -12_219_292_800, 253_402_300_799,
  1_774_771_200.0005, 1_774_771_200.0004999, 0, 1_767_225_600, 1_767_139_200,
]

@Suite("Date patterns against DateFormatter")
struct DatePatternTests {
  @Test("dates format as DateFormatter formats them", arguments: patterns, zoneNames)
  func format(pattern: String, zoneName: String) {
    let zone = zone(zoneName)
    let formatter = foundationFormatter(pattern, in: zone)
    let datePattern = DatePattern(pattern, timeZone: zone)
    for instant in instants {
      let date = Date(timeIntervalSince1970: instant)
      #expect(
        datePattern.string(from: date) == formatter.string(from: date),
        "\(pattern) at \(instant) in \(zoneName)")
    }
  }

  @Test(
    "text parses as DateFormatter parses it, or fails where it fails",
    arguments: [
      ("yyyy-MM-dd HH:mm", "2026-03-29 02:30"), ("yyyy-MM-dd HH:mm", "2026-10-25 02:30"),
      ("yyyy-MM-dd HH:mm", "2026-03-29 01:59"), ("dd.MM.yyyy", "29.03.2026"),
      ("dd.MM.yyyy", "31.02.2026"), ("yyyy-MM-dd", "2026-3-5"), ("dd.MM HH:mm", "05.03 10:00"),
      ("dd.MM.yy", "05.03.26"), ("dd.MM.yy", "05.03.75"), ("dd.MM.yy", "29.02.00"),
      ("dd.MM.yy", "29.02.01"), ("dd.MM", "29.02"), ("HH:mm", "23:15"),
      ("yyyy-MM-dd", "2026-03-05 "), ("yyyy-MM-dd", "2026-03-05x"),
      ("yyyy-MM-dd", " 2026-03-05"), ("yyyy-MM-dd", "2026-03-05\t"),
      ("yyyy-MM-dd", "2026-03-05\u{00A0}"), ("yyyy-MM-dd", "2026-03-05\n"),
      ("EEEE, MMMM d, yyyy", "Thursday, March 5, 2026"),
      ("EEEE, MMMM d, yyyy", "thursday, march 5, 2026"),
      ("EEEE, MMMM d, yyyy", "Friday, March 5, 2026"),
      ("yyyy-MM-dd'T'HH:mm:ssZ", "2026-03-05T10:00:00+0100"),
      ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-03-05T10:00:00Z"),
      ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-03-05T10:00:00-05:30"),
      ("yyyy-MM-dd HH:mm zzz", "2026-03-05 10:00 PST"),
      ("yyyy-MM-dd HH:mm VV", "2026-03-05 10:00 Asia/Tokyo"), ("hh:mm a", "10:00 PM"),
      ("hh:mm a", "10:00 pm"), ("YYYY-'W'ww-e", "2026-W10-4"), ("YYYY-'W'ww-e", "2027-W01-1"),
      ("A", "36000000"), ("yyyy-MM-dd", ""), ("yyyy-MM-dd", "2026-13-01"),
      ("yyyy-MM-dd HH:mm", "2026-03-05 25:00"), ("yyyy-MM-dd HH:mm", "2026-03-05 24:00"),
      ("dd/MM/yyyy", "05.03.2026"), ("yyyy", "2026"), ("yy", "99"), ("MMM yyyy", "Mar 2026"),
      ("d MMMM yyyy G", "5 March 2026 AD"), ("yyyy-MM-dd HH:mm:ss.SSS", "2026-03-05 10:00:00.123"),
      ("yyyyMMdd", "20260305"), ("yyyy-MM-dd", "２０２６-03-05"), ("yyyy-MM-dd", "0000-01-01"),
      ("'Week' w 'of' Y", "Week 53 of 2026"), ("yyyy-DDD", "2026-064"), ("u-MM-dd", "-44-03-15"),
    ])
  func parse(pattern: String, text: String) {
    for zoneName in zoneNames {
      let zone = zone(zoneName)
      let expected = foundationFormatter(pattern, in: zone).date(from: text)
      #expect(
        DatePattern(pattern, timeZone: zone).date(from: text) == expected,
        "'\(text)' as \(pattern) in \(zoneName)")
    }
  }

  @Test("a year-less pattern reads the year 2000, as before")
  func yearless() throws {
    let date = try #require(DatePattern("dd.MM HH:mm", timeZone: .gmt).date(from: "05.03 10:00"))
    #expect(date == Date(timeIntervalSince1970: 952_250_400))
  }

  @Test("one pattern is shared by concurrent formatting and parsing")
  func concurrent() async {
    let pattern = DatePattern("yyyy-MM-dd HH:mm", timeZone: zone("Europe/Prague"))
    let mismatches = await withTaskGroup(of: Bool.self) { group in
      for day in 0..<64 {
        group.addTask {
          let date = Date(timeIntervalSince1970: 1_774_771_200 + Double(day) * 86_400)
          return pattern.date(from: pattern.string(from: date)) != date
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(mismatches == 0)
  }
}
