import CivilTime
import Foundation
import Testing

@Suite("Calendar arithmetic")
struct CivilCalendarTests {
  @Test("day numbers agree with Foundation's Gregorian calendar")
  func agreesWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try zone("UTC")
    // Every 37th day from 1583 (the first full Gregorian year) to 2500.
    let first = CivilCalendar.dayNumber(year: 1583, month: 1, day: 1)
    let last = CivilCalendar.dayNumber(year: 2500, month: 12, day: 31)
    for dayNumber in stride(from: first, through: last, by: 37) {
      let date = Date(timeIntervalSince1970: Double(dayNumber * 86_400))
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
      let civil = CivilCalendar.date(dayNumber: dayNumber)
      #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
      #expect(CivilCalendar.weekday(dayNumber: dayNumber) == (parts.weekday ?? 0) - 1)
      #expect(
        CivilCalendar.dayNumber(year: civil.year, month: civil.month, day: civil.day)
          == dayNumber)
    }
  }

  @Test("day numbers round-trip, far into the past and the future")
  func roundTrip() {
    for dayNumber in stride(from: -1_000_000, through: 1_000_000, by: 997) {
      let civil = CivilCalendar.date(dayNumber: dayNumber)
      #expect(
        CivilCalendar.dayNumber(year: civil.year, month: civil.month, day: civil.day)
          == dayNumber)
    }
  }

  @Test(
    "leap years and month lengths",
    arguments: [
      (2024, 2, 29), (2026, 2, 28), (2000, 2, 29), (2100, 2, 28), (1900, 2, 28), (2400, 2, 29),
      (2026, 1, 31), (2026, 4, 30), (2026, 6, 30), (2026, 9, 30), (2026, 11, 30), (2026, 12, 31),
    ])
  func monthLengths(year: Int, month: Int, days: Int) {
    #expect(CivilCalendar.daysInMonth(year: year, month: month) == days)
  }

  @Test("seconds split into days rounding down")
  func split() {
    #expect(CivilCalendar.split(seconds: 0) == (0, 0))
    #expect(CivilCalendar.split(seconds: 86_399) == (0, 86_399))
    #expect(CivilCalendar.split(seconds: 86_400) == (1, 0))
    #expect(CivilCalendar.split(seconds: -1) == (-1, 86_399))
    #expect(CivilCalendar.split(seconds: -86_400) == (-1, 0))
  }
}
