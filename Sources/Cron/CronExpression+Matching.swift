import CivilTime

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Matching wall-clock times and finding the next matching one, by arithmetic over the fields.
extension CronExpression {
  /// Whether the expression matches a wall-clock time (to the second), ignoring time zones.
  ///
  /// Without a seconds field only second 0 matches. `@reboot` matches nothing. A time whose
  /// date does not exist (February 30) matches nothing.
  ///
  /// - Complexity: O(1).
  public func matches(_ time: LocalDateTime) -> Bool {
    guard !isReboot, time.isValid, months.contains(time.month), hours.contains(time.hour),
      minutes.contains(time.minute), seconds.contains(time.second)
    else { return false }
    let mask = dayMask(year: time.year, month: time.month)
    return mask & (1 << UInt64(time.day)) != 0
  }

  /// The days of a month that match both day fields, as bits 1–31.
  ///
  /// - Complexity: O(1).
  func dayMask(year: Int, month: Int) -> UInt64 {
    let firstDay = CivilCalendar.dayNumber(year: year, month: month, day: 1)
    return dayMask(
      daysInMonth: CivilCalendar.daysInMonth(year: year, month: month),
      firstWeekday: CivilCalendar.weekday(dayNumber: firstDay))
  }

  /// The matching days of a month with `daysInMonth` days whose first day falls on
  /// `firstWeekday` (0 = Sunday), as bits 1–31.
  ///
  /// A month's matching days depend only on its length and the weekday it starts on, which is
  /// also what lets the parser decide whether an expression can ever fire.
  func dayMask(daysInMonth: Int, firstWeekday: Int) -> UInt64 {
    let validDays: UInt64 = ((1 << UInt64(daysInMonth + 1)) - 1) & ~1
    var byDayOfMonth = daysOfMonth.rawValue & validDays
    if lastDayOfMonth { byDayOfMonth |= 1 << UInt64(daysInMonth) }

    // Rotate the weekday set so that bit k means "the weekday of day k + 1 matches", then
    // repeat that 7-bit pattern every week: multiplying by bits 1, 8, 15, 22 and 29 copies it
    // into five non-overlapping slots, so no carries occur.
    let weekdays = daysOfWeek.rawValue & 0x7F
    let shift = UInt64(firstWeekday)
    let rotated = ((weekdays >> shift) | (weekdays << (7 - shift))) & 0x7F
    var byDayOfWeek = (rotated &* 0x2040_8102) & validDays
    // `FRI#2` and `5L` are rare; walk their bits without allocating.
    var nth = nthWeekdays.rawValue
    while nth != 0 {
      let bit = nth.trailingZeroBitCount
      nth &= nth - 1
      let weekday = bit / 5
      let occurrence = bit % 5 + 1
      let day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (occurrence - 1)
      if day <= daysInMonth { byDayOfWeek |= 1 << UInt64(day) }
    }
    var last = lastWeekdays.rawValue
    if last != 0 {
      let lastWeekday = (firstWeekday + daysInMonth - 1) % 7
      while last != 0 {
        let weekday = last.trailingZeroBitCount
        last &= last - 1
        byDayOfWeek |= 1 << UInt64(daysInMonth - (lastWeekday - weekday + 7) % 7)
      }
    }
    return daysMustBothMatch ? byDayOfMonth & byDayOfWeek : byDayOfMonth | byDayOfWeek
  }

  /// The first matching wall-clock time at or after `start`, both in seconds since
  /// 1970-01-01T00:00:00 on the local wall clock, or `nil` if none occurs within 400 years.
  ///
  /// The search jumps field by field: to the next matching month, then the next matching day
  /// in it, then hour, minute and second; a field that runs out carries into the next larger
  /// one. Every month pattern recurs within the 400-year Gregorian cycle, so the bound loses
  /// nothing for expressions that the parser accepted.
  ///
  /// - Complexity: O(*m*) where *m* is the number of months examined — at most a few dozen
  ///   for any accepted expression (`0 0 29 2 *` skips from leap year to leap year).
  func nextLocalTime(atOrAfter start: Int) -> Int? {
    guard !isReboot, let firstMonth = months.next(from: 1) else { return nil }
    let (startDay, secondOfDay) = CivilCalendar.split(seconds: start)
    var (year, month, day) = CivilCalendar.date(dayNumber: startDay)
    var hour = secondOfDay / 3600
    var minute = secondOfDay / 60 % 60
    var second = secondOfDay % 60
    let lastYear = year + 400

    func startOfNextMonth() {
      if month == 12 {
        year += 1
        month = 1
      } else {
        month += 1
      }
      (day, hour, minute, second) = (1, 0, 0, 0)
    }

    while year <= lastYear {
      guard months.contains(month) else {
        if let next = months.next(from: month + 1) {
          month = next
        } else {
          year += 1
          month = firstMonth
        }
        (day, hour, minute, second) = (1, 0, 0, 0)
        continue
      }
      let days = BitSet64(rawValue: dayMask(year: year, month: month))
      guard let matchingDay = days.next(from: day) else {
        startOfNextMonth()
        continue
      }
      if matchingDay != day { (day, hour, minute, second) = (matchingDay, 0, 0, 0) }
      guard let matchingHour = hours.next(from: hour) else {
        (day, hour, minute, second) = (day + 1, 0, 0, 0)
        continue
      }
      if matchingHour != hour { (hour, minute, second) = (matchingHour, 0, 0) }
      guard let matchingMinute = minutes.next(from: minute) else {
        (hour, minute, second) = (hour + 1, 0, 0)
        continue
      }
      if matchingMinute != minute { (minute, second) = (matchingMinute, 0) }
      guard let matchingSecond = seconds.next(from: second) else {
        (minute, second) = (minute + 1, 0)
        continue
      }
      let dayNumber = CivilCalendar.dayNumber(year: year, month: month, day: day)
      return dayNumber * CivilCalendar.secondsPerDay + hour * 3600 + minute * 60 + matchingSecond
    }
    return nil
  }
}

extension CronExpression {
  /// Whether the expression matches the wall-clock time that `timeZone` shows at `date`.
  ///
  /// This looks only at the wall clock; the daylight-saving rules of `CronSchedule` (a
  /// fixed-time job in a skipped hour runs after the gap) are not applied.
  public func matches(_ date: Date, in timeZone: TimeZone) -> Bool {
    matches(LocalDateTime(date, in: timeZone))
  }
}
