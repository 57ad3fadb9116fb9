/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01).
///
/// Cron matching runs on wall-clock fields, and doing the conversion with plain integer
/// arithmetic (rather than through `Calendar`) is what keeps `nextDate` in the sub-microsecond
/// range. The conversions follow the well-known "era of 400 years" decomposition. Inlinable,
/// so that Cron's matching calls them as it did when they were its own.
package enum CivilCalendar {
  package static let secondsPerDay = 86_400

  /// The day number of a calendar date; `month` is 1–12, `day` may exceed the month's length
  /// (the result then spills into the following month).
  @inlinable package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    // Count years from March so that the leap day is the last day of a "year".
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The calendar date of a day number.
  @inlinable package static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The day of the week of a day number, 0 for Sunday through 6 for Saturday.
  @inlinable package static func weekday(dayNumber: Int) -> Int {
    // 1970-01-01 was a Thursday (4).
    let remainder = (dayNumber + 4) % 7
    return remainder >= 0 ? remainder : remainder + 7
  }

  @inlinable package static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  @inlinable package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The most days `month` has in any year (29 for February).
  @inlinable package static func maximumDays(inMonth month: Int) -> Int {
    month == 2 ? 29 : daysInMonth(year: 2001, month: month)
  }

  /// Splits a count of seconds into whole days (rounded towards minus infinity) and the
  /// seconds into that day.
  @inlinable package static func split(seconds: Int) -> (dayNumber: Int, secondOfDay: Int) {
    let quotient = seconds / secondsPerDay
    let remainder = seconds % secondsPerDay
    return remainder >= 0 ? (quotient, remainder) : (quotient - 1, remainder + secondsPerDay)
  }
}
