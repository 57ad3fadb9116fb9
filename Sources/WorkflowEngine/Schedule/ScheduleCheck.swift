import Cron
import Foundation
import IntentKit
import Suggestions

/// Checks a workflow's `schedule` with the cron parser and the time-zone database.
public enum ScheduleCheck {
  /// The problems in a schedule: a cron syntax error (at its column inside the string) or an
  /// unknown time zone.
  @Sendable public static func check(_ schedule: WorkflowSchedule) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    do {
      _ = try CronExpression(parsing: schedule.cron)
    } catch {
      var location = schedule.cronLocation
      location.column += error.column  // the opening quote, then the 1-based column
      diagnostics.append(Diagnostic(.error, "invalid schedule: \(error.description)", at: location))
    }
    if let name = schedule.timeZone, TimeZone(identifier: name) == nil {
      var message = "unknown time zone '\(name)'"
      if let suggestion = Spelling.closest(to: name, among: TimeZone.knownTimeZoneIdentifiers) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; use an IANA name such as 'Europe/Prague' or 'UTC'"
      }
      diagnostics.append(Diagnostic(.error, message, at: schedule.timeZoneLocation))
    }
    return diagnostics
  }
}
