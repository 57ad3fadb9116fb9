public import Cron
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// systemd calendar events (`OnCalendar=`) that fire at exactly a cron schedule's times.
///
/// systemd ANDs a weekday with a date where cronie may OR the two day fields, so one
/// expression can become several events (a timer fires at their union). `L`, `FRI#2` and `5L`
/// become `~01`, `08..14` and `~07/1`. systemd reads a zone's clock changes its own way: a
/// time in a skipped hour does not fire (cronie fires a fixed-time job after the gap), and a
/// repeated time fires once (cronie fires a job that is not fixed-time in both passes). An
/// expression that meets either case in the coming years is refused, with the date.
public enum OnCalendar {
  /// A day specification: which days of the month an event names.
  enum Days: Equatable {
    case all
    case days([Int])
    /// `~01`: the month's last day.
    case lastDay
    /// `~07/1`: the month's last seven days.
    case lastWeek
  }

  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// The events for `schedule`, each ending in the zone's name.
  ///
  /// - Parameters:
  ///   - zone: The IANA name systemd reads the wall clock in.
  ///   - now: Clock changes are looked for from here, over `years` years.
  /// - Throws: ``CrontabExport/Refusal`` saying what systemd cannot express.
  public static func events(
    for schedule: CronSchedule, zone: String, checkingFrom now: Date, years: Int = 30
  ) throws(CrontabExport.Refusal) -> [String] {
    let expression = schedule.expression
    let source = UnsafeText.escaped(expression.source)
    guard let fields = expression.fields else {
      throw CrontabExport.Refusal(
        message: "'@reboot' has no fire times for a timer; start it from a service "
          + "with WantedBy=multi-user.target instead")
    }
    let horizon = now.addingTimeInterval(Double(years) * 365.25 * 86_400)
    let fixed = expression.isFixedTime
    for clash in schedule.daylightSavingClashes(from: now, through: horizon) {
      let day = String(clash.time.description.prefix(10))
      let span = "\(KubernetesExport.clock(clash.start))–\(KubernetesExport.clock(clash.end))"
      if clash.kind == .skipped, fixed {
        throw CrontabExport.Refusal(
          message: "schedule '\(source)' in \(zone) falls in the hour skipped on \(day) "
            + "(\(span)): intentflow runs it once after the gap, a systemd timer not at all; "
            + "choose a time outside \(span) or a zone without daylight saving, or use "
            + "'intentflow schedule'")
      }
      if clash.kind == .repeated, !fixed {
        throw CrontabExport.Refusal(
          message: "schedule '\(source)' in \(zone) fires in the hour repeated on \(day) "
            + "(\(span)): intentflow runs it in both passes, a systemd timer only in the "
            + "first; use a zone without daylight saving (UTC), or 'intentflow schedule'")
      }
    }
    var pieces: [(weekdays: [Int]?, days: Days)] = []
    var domPieces: [(weekdays: [Int]?, days: Days)] = []
    if fields.daysOfMonth == Array(1...31) {
      domPieces.append((nil, .all))
    } else if !fields.daysOfMonth.isEmpty {
      domPieces.append((nil, .days(fields.daysOfMonth)))
    }
    if fields.lastDayOfMonth { domPieces.append((nil, .lastDay)) }
    var dowPieces: [(weekdays: [Int]?, days: Days)] = []
    if fields.daysOfWeek == Array(0...6) {
      dowPieces.append((nil, .all))
    } else if !fields.daysOfWeek.isEmpty {
      dowPieces.append((fields.daysOfWeek, .all))
    }
    for nth in fields.nthWeekdays {
      let first = 7 * nth.occurrence - 6
      dowPieces.append(([nth.weekday], .days(Array(first...min(first + 6, 31)))))
    }
    for weekday in fields.lastWeekdays { dowPieces.append(([weekday], .lastWeek)) }
    if fields.daysMustBothMatch {
      for a in domPieces {
        for b in dowPieces {
          let weekdays: [Int]? =
            switch (a.weekdays, b.weekdays) {
            case (nil, nil): nil
            case (let w?, nil), (nil, let w?): w
            case (let x?, let y?): x.filter(y.contains)
            }
          if let weekdays, weekdays.isEmpty { continue }
          guard let days = intersection(a.days, b.days) else {
            throw CrontabExport.Refusal(
              message: "schedule '\(source)' needs a day that is both in a list of days and "
                + "'L' or a last weekday, which OnCalendar= cannot express; use "
                + "'intentflow schedule'")
          }
          if case .days(let list) = days, list.isEmpty { continue }
          pieces.append((weekdays, days))
        }
      }
    } else {
      pieces = domPieces + dowPieces
    }
    let months = fields.months == Array(1...12) ? "*" : list(fields.months)
    let time =
      "\(list(fields.hours)):\(list(fields.minutes)):\(list(fields.seconds))"
    return pieces.map { piece in
      var event = ""
      if let weekdays = piece.weekdays {
        event +=
          KubernetesExport.ranges(weekdays).map { run in
            run.count >= 2
              ? "\(weekdayNames[run[0]])..\(weekdayNames[run[run.count - 1]])"
              : weekdayNames[run[0]]
          }.joined(separator: ",") + " "
      }
      switch piece.days {
      case .all: event += "*-\(months)-*"
      case .days(let days): event += "*-\(months)-\(list(days))"
      case .lastDay: event += "*-\(months)~01"
      case .lastWeek: event += "*-\(months)~07/1"
      }
      return event + " \(time) \(zone)"
    }
  }

  static func intersection(_ a: Days, _ b: Days) -> Days? {
    switch (a, b) {
    case (.all, let other), (let other, .all): other
    case (.days(let x), .days(let y)): .days(x.filter(y.contains))
    case (.lastDay, .lastDay): .lastDay
    case (.lastWeek, .lastWeek): .lastWeek
    default: nil
    }
  }

  /// Two-digit values, runs of three or more as `a..b`.
  static func list(_ values: [Int]) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return KubernetesExport.ranges(values).map { run in
      run.count >= 3
        ? "\(two(run[0]))..\(two(run[run.count - 1]))" : run.map(two).joined(separator: ",")
    }.joined(separator: ",")
  }
}
