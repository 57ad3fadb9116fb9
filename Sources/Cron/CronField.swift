/// One of the fields of a cron expression, named as error messages name it.
public enum CronField: String, Sendable, Hashable, CaseIterable {
  /// The optional leading seconds field (0–59), an extension to cronie's syntax.
  case second
  /// Minutes, 0–59.
  case minute
  /// Hours, 0–23.
  case hour
  /// Days of the month, 1–31, or `L` for the last day (an extension).
  case dayOfMonth = "day of month"
  /// Months, 1–12 or `JAN`–`DEC`.
  case month
  /// Days of the week, 0–7 (0 and 7 are Sunday) or `SUN`–`SAT`; `FRI#2` and `5L` are
  /// extensions.
  case dayOfWeek = "day of week"

  /// The values the field accepts.
  var bounds: ClosedRange<Int> {
    switch self {
    case .second, .minute: 0...59
    case .hour: 0...23
    case .dayOfMonth: 1...31
    case .month: 1...12
    case .dayOfWeek: 0...7
    }
  }

  /// The three-letter names the field accepts, in value order from `bounds.lowerBound`.
  var names: [String] {
    switch self {
    case .month: CronField.monthNames
    case .dayOfWeek: CronField.weekdayNames
    default: []
    }
  }

  static let monthNames = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
  ]
  static let weekdayNames = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
  static let fullMonthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
}
