import Testing

@testable import Cron

@Suite("Parsing cron expressions")
struct CronParserTests {
  /// A field's text and the values it selects; the other fields are `*`.
  struct FieldCase: Sendable, CustomTestStringConvertible {
    var field: CronField
    var text: String
    var values: [Int]

    init(_ field: CronField, _ text: String, _ values: [Int]) {
      self.field = field
      self.text = text
      self.values = values
    }

    init(_ field: CronField, _ text: String, _ values: ClosedRange<Int>) {
      self.init(field, text, Array(values))
    }

    init(_ field: CronField, _ text: String, _ values: StrideThrough<Int>) {
      self.init(field, text, Array(values))
    }

    var expression: String {
      let order: [CronField] = [.minute, .hour, .dayOfMonth, .month, .dayOfWeek]
      let fields = order.map { $0 == field ? text : "*" }.joined(separator: " ")
      return field == .second ? "\(text) \(fields)" : fields
    }

    var testDescription: String { "\(field.rawValue) '\(text)'" }
  }

  static let fieldCases: [FieldCase] = [
    // Minutes.
    .init(.minute, "0", [0]), .init(.minute, "59", [59]), .init(.minute, "07", [7]),
    .init(.minute, "*", 0...59), .init(.minute, "*/15", [0, 15, 30, 45]),
    .init(.minute, "*/1", 0...59), .init(.minute, "*/59", [0, 59]), .init(.minute, "*/60", [0]),
    .init(.minute, "*/100", [0]), .init(.minute, "5/15", [5, 20, 35, 50]),
    .init(.minute, "10-40/10", [10, 20, 30, 40]), .init(.minute, "10-40", 10...40),
    .init(.minute, "1,2,3", [1, 2, 3]), .init(.minute, "3,1,2,1", [1, 2, 3]),
    .init(.minute, "0-4,50-59/3", [0, 1, 2, 3, 4, 50, 53, 56, 59]),
    .init(.minute, "5-5", [5]), .init(.minute, "0-59/30", [0, 30]),
    .init(.minute, "*/7", stride(from: 0, through: 59, by: 7)), .init(.minute, "58/1", [58, 59]),
    .init(.minute, "0/0001", 0...59), .init(.minute, "*/15,7", [0, 7, 15, 30, 45]),
    .init(.minute, "0,*/20", [0, 20, 40]), .init(.minute, "0000", [0]),
    // Hours.
    .init(.hour, "0", [0]), .init(.hour, "23", [23]), .init(.hour, "*", 0...23),
    .init(.hour, "*/2", stride(from: 0, through: 23, by: 2)),
    .init(.hour, "9-17", 9...17), .init(.hour, "9-17/4", [9, 13, 17]),
    .init(.hour, "1/5", [1, 6, 11, 16, 21]), .init(.hour, "8,12,18", [8, 12, 18]),
    .init(.hour, "*/24", [0]), .init(.hour, "22-23,0-2", [0, 1, 2, 22, 23]),
    // Days of the month.
    .init(.dayOfMonth, "1", [1]), .init(.dayOfMonth, "31", [31]),
    .init(.dayOfMonth, "*", 1...31), .init(.dayOfMonth, "*/2", stride(from: 1, through: 31, by: 2)),
    .init(.dayOfMonth, "*/10", [1, 11, 21, 31]), .init(.dayOfMonth, "5/7", [5, 12, 19, 26]),
    .init(.dayOfMonth, "1-7", 1...7), .init(.dayOfMonth, "1,15", [1, 15]),
    .init(.dayOfMonth, "28-31", 28...31), .init(.dayOfMonth, "L", []),
    .init(.dayOfMonth, "l", []), .init(.dayOfMonth, "1,L", [1]),
    .init(.dayOfMonth, "15,L,1", [1, 15]),
    // Months.
    .init(.month, "1", [1]), .init(.month, "12", [12]), .init(.month, "*", 1...12),
    .init(.month, "*/3", [1, 4, 7, 10]), .init(.month, "JAN", [1]), .init(.month, "jan", [1]),
    .init(.month, "Jan", [1]), .init(.month, "jAn", [1]), .init(.month, "DEC", [12]),
    .init(.month, "JAN-MAR", 1...3), .init(.month, "jan-mar/2", [1, 3]),
    .init(.month, "JAN,JUL", [1, 7]), .init(.month, "jun-aug", 6...8),
    .init(.month, "FEB-11", 2...11), .init(.month, "3-MAY", 3...5),
    .init(.month, "APR/4", [4, 8, 12]), .init(.month, "*/5,FEB", [1, 2, 6, 11]),
    .init(.month, "SEP,OCT,NOV", [9, 10, 11]),
    // Days of the week: 7 is Sunday, as is 0.
    .init(.dayOfWeek, "0", [0]), .init(.dayOfWeek, "7", [0]), .init(.dayOfWeek, "0,7", [0]),
    .init(.dayOfWeek, "*", 0...6), .init(.dayOfWeek, "1-5", 1...5),
    .init(.dayOfWeek, "MON-FRI", 1...5), .init(.dayOfWeek, "mon-fri", 1...5),
    .init(.dayOfWeek, "Mon-Fri", 1...5), .init(.dayOfWeek, "SUN", [0]),
    .init(.dayOfWeek, "SAT,SUN", [0, 6]), .init(.dayOfWeek, "5-7", [0, 5, 6]),
    .init(.dayOfWeek, "FRI-7", [0, 5, 6]), .init(.dayOfWeek, "0-7", 0...6),
    .init(.dayOfWeek, "*/2", [0, 2, 4, 6]), .init(.dayOfWeek, "*/3", [0, 3, 6]),
    .init(.dayOfWeek, "*/7", [0]), .init(.dayOfWeek, "1/2", [0, 1, 3, 5]),
    .init(.dayOfWeek, "MON/3", [0, 1, 4]), .init(.dayOfWeek, "0-6/3", [0, 3, 6]),
    .init(.dayOfWeek, "TUE,THU", [2, 4]), .init(.dayOfWeek, "wed", [3]),
    .init(.dayOfWeek, "1-3,5", [1, 2, 3, 5]),
    // Seconds, the optional leading field.
    .init(.second, "0", [0]), .init(.second, "*/10", [0, 10, 20, 30, 40, 50]),
    .init(.second, "*", 0...59), .init(.second, "30", [30]), .init(.second, "5-7", 5...7),
  ]

  @Test("a field selects the documented values", arguments: fieldCases)
  func fieldValues(example: FieldCase) throws {
    let expression = try CronExpression(parsing: example.expression)
    #expect(expression.values(example.field) == example.values)
    #expect(expression.hasSeconds == (example.field == .second))
  }

  @Test("without a seconds field, only second 0 fires")
  func secondsDefaultToZero() throws {
    let expression = try CronExpression(parsing: "* * * * *")
    #expect(expression.values(.second) == [0])
    #expect(!expression.hasSeconds)
  }

  @Test(
    "the day fields remember whether they start with '*'",
    arguments: [
      ("* * * * *", true, true), ("* * */2 * MON", true, false), ("* * 1 * *", false, true),
      ("* * 1-31 * 0-7", false, false), ("* * 1,*/2 * *", false, true),
      ("* * L * 5L", false, false), ("* * * * FRI#2", true, false),
    ])
  func starFlags(source: String, dayOfMonthStar: Bool, dayOfWeekStar: Bool) throws {
    let expression = try CronExpression(parsing: source)
    #expect(expression.dayOfMonthStartsWithStar == dayOfMonthStar)
    #expect(expression.dayOfWeekStartsWithStar == dayOfWeekStar)
  }

  @Test(
    "fixed-time means neither the minute nor the hour starts with '*'",
    arguments: [
      ("30 2 * * *", true), ("0 0 * * *", true), ("0-59 2 * * *", true),
      ("0,30 1-3 * * *", true), ("*/15 * * * *", false), ("30 * * * *", false),
      ("* 2 * * *", false), ("0 */2 * * *", false), ("5/15 2 * * *", true),
      ("* 30 2 * * *", true), ("*/10 0 2 * * *", true), ("0 * 2 * * *", false),
      ("@yearly", true), ("@annually", true), ("@monthly", true), ("@weekly", true),
      ("@daily", true), ("@midnight", true), ("@hourly", false), ("@reboot", false),
    ])
  func fixedTime(source: String, isFixedTime: Bool) throws {
    #expect(try CronExpression(parsing: source).isFixedTime == isFixedTime)
  }

  @Test(
    "@ words stand for five fields",
    arguments: [
      ("@yearly", "0 0 1 1 *"), ("@annually", "0 0 1 1 *"), ("@monthly", "0 0 1 * *"),
      ("@weekly", "0 0 * * 0"), ("@daily", "0 0 * * *"), ("@midnight", "0 0 * * *"),
      ("@hourly", "0 * * * *"), ("@DAILY", "0 0 * * *"), ("  @Weekly\t", "0 0 * * 0"),
    ])
  func shortcuts(source: String, equivalent: String) throws {
    let shortcut = try CronExpression(parsing: source)
    let fields = try CronExpression(parsing: equivalent)
    for field in CronField.allCases {
      #expect(shortcut.values(field) == fields.values(field), "\(field)")
    }
    #expect(shortcut.daysMustBothMatch == fields.daysMustBothMatch)
    #expect(shortcut.isFixedTime == fields.isFixedTime)
    #expect(!shortcut.isReboot)
    #expect(shortcut.source == source)
  }

  @Test("@reboot parses, says so, and never fires on a schedule")
  func reboot() throws {
    let expression = try CronExpression(parsing: "@reboot")
    #expect(expression.isReboot)
    #expect(!expression.hasSeconds)
    #expect(!expression.isFixedTime)
    let schedule = CronSchedule(expression, timeZone: try zone("UTC"))
    #expect(schedule.nextDate(after: try instant("2026-01-01T00:00:00Z")) == nil)
    #expect(Array(schedule.dates(after: try instant("2026-01-01T00:00:00Z"))).isEmpty)
    #expect(!expression.matches(LocalDateTime(year: 2026, month: 1, day: 1)))
  }

  @Test(
    "white space between and around fields is ignored",
    arguments: [
      "0 7 * * 1-5", "  0 7 * * 1-5", "0 7 * * 1-5  ", "0\t7\t*\t*\t1-5", "0   7 *  * 1-5",
      "\t 0 7 * * 1-5 \t",
    ])
  func whiteSpace(source: String) throws {
    let expression = try CronExpression(parsing: source)
    #expect(expression.values(.minute) == [0])
    #expect(expression.values(.hour) == [7])
    #expect(expression.values(.dayOfWeek) == [1, 2, 3, 4, 5])
    #expect(expression.source == source)
    #expect(expression.description == source)
  }

  @Test(
    "extensions: L, #, and last weekdays",
    arguments: [
      ("0 0 L * *", true, [Int](), [Int]()), ("0 0 * * 5L", false, [], [5]),
      ("0 0 * * FRIL", false, [], [5]), ("0 0 * * fril", false, [], [5]),
      ("0 0 * * 7L", false, [], [0]), ("0 0 * * 0L", false, [], [0]),
      ("0 0 * * FRI#2", false, [5 * 5 + 1], []), ("0 0 * * 5#2", false, [5 * 5 + 1], []),
      ("0 0 * * sun#5", false, [4], []), ("0 0 * * 7#1", false, [0], []),
      ("0 0 * * 1#1,1#3,5L", false, [5, 7], [5]), ("0 0 L * 6L", true, [], [6]),
    ])
  func extensions(source: String, lastDay: Bool, nth: [Int], last: [Int]) throws {
    let expression = try CronExpression(parsing: source)
    #expect(expression.lastDayOfMonth == lastDay)
    #expect(expression.nthWeekdays.values == nth)
    #expect(expression.lastWeekdays.values == last)
  }

  @Test("equal sources make equal expressions; different spellings do not")
  func equality() throws {
    #expect(try CronExpression(parsing: "0 7 * * 1-5") == CronExpression(parsing: "0 7 * * 1-5"))
    #expect(
      try CronExpression(parsing: "0 7 * * 1-5") != CronExpression(parsing: "0 7 * * MON-FRI"))
    let set: Set = [
      try CronExpression(parsing: "@daily"), try CronExpression(parsing: "@daily"),
    ]
    #expect(set.count == 1)
  }
}
