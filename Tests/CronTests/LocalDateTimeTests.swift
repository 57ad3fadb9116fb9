import Cron
import Foundation
import Testing

@Suite("Wall-clock times")
struct LocalDateTimeTests {
  @Test("an instant shows different wall clocks in different zones")
  func fromInstant() throws {
    let date = try instant("2026-10-25T01:30:00Z")
    #expect(
      LocalDateTime(date, in: try zone("Europe/Prague"))
        == LocalDateTime(year: 2026, month: 10, day: 25, hour: 2, minute: 30))
    #expect(
      LocalDateTime(date, in: try zone("America/New_York"))
        == LocalDateTime(year: 2026, month: 10, day: 24, hour: 21, minute: 30))
    #expect(
      LocalDateTime(date.addingTimeInterval(0.75), in: try zone("UTC"))
        == LocalDateTime(year: 2026, month: 10, day: 25, hour: 1, minute: 30))
    #expect(
      LocalDateTime(Date(timeIntervalSince1970: -0.5), in: try zone("UTC"))
        == LocalDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
  }

  @Test(
    "weekdays count from Sunday",
    arguments: [
      (2026, 3, 29, 0), (2026, 3, 30, 1), (2026, 4, 3, 5), (2026, 4, 4, 6), (2000, 1, 1, 6),
      (1970, 1, 1, 4), (1969, 12, 31, 3), (2028, 2, 29, 2), (1600, 3, 1, 3),
    ])
  func weekdays(year: Int, month: Int, day: Int, weekday: Int) {
    #expect(LocalDateTime(year: year, month: month, day: day).weekday == weekday)
  }

  @Test("description, validity and order")
  func basics() {
    let time = LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 30)
    #expect(time.description == "2026-03-29T02:30:00")
    #expect(time.isValid)
    #expect(!LocalDateTime(year: 2026, month: 2, day: 29).isValid)
    #expect(LocalDateTime(year: 2028, month: 2, day: 29).isValid)
    #expect(!LocalDateTime(year: 2026, month: 4, day: 31).isValid)
    #expect(!LocalDateTime(year: 2026, month: 1, day: 1, minute: 60).isValid)
    #expect(time < LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 31))
    #expect(LocalDateTime(year: 2025, month: 12, day: 31, hour: 23) < time)
  }
}
