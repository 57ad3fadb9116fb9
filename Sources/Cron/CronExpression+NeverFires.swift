import CivilTime

/// Deciding at parse time whether an expression can ever fire.
extension CronExpression {
  /// Why the expression can never fire (`day 30 does not occur in February`), or `nil` if it
  /// fires at least once in every 400 years.
  ///
  /// Which days of a month match depends only on the month's length and the weekday it
  /// starts on, and every combination of the two recurs in the Gregorian cycle, so trying
  /// each selected month with each starting weekday (and February with 28 and 29 days)
  /// decides the question exactly.
  ///
  /// - Complexity: O(1): at most 12 × 2 × 7 month patterns.
  func neverFiresReason(dayOfMonthText: String, dayOfWeekText: String) -> String? {
    let selectedMonths = months.values
    for month in selectedMonths {
      let lengths = month == 2 ? [28, 29] : [CivilCalendar.daysInMonth(year: 2001, month: month)]
      for length in lengths {
        for firstWeekday in 0..<7
        where dayMask(daysInMonth: length, firstWeekday: firstWeekday) != 0 {
          return nil
        }
      }
    }
    let monthNames = Self.list(
      selectedMonths.map { CronField.fullMonthNames[$0 - 1] }, conjunction: "or")
    let longest = selectedMonths.map(CivilCalendar.maximumDays(inMonth:)).max() ?? 31
    let days = daysOfMonth.values
    if !lastDayOfMonth, let first = days.first, first > longest {
      if days.count == 1 {
        return "day \(first) does not occur in \(monthNames)"
      }
      return "days \(Self.list(days.map(String.init), conjunction: "and")) do not occur in "
        + monthNames
    }
    return "no day in \(monthNames) matches both day of month '\(dayOfMonthText)' and "
      + "day of week '\(dayOfWeekText)'"
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ items: [String], conjunction: String) -> String {
    guard let last = items.last else { return "" }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) \(last)"
  }
}
