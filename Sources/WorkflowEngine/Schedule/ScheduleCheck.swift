import Cron
import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks a workflow's `schedule` with the cron parser and the time-zone database.
public enum ScheduleCheck {
  /// The problems in a schedule: a cron syntax error (at its column inside the string) or an
  /// unknown time zone, a zone that is not an IANA name, or one with control characters.
  @Sendable public static func check(_ schedule: WorkflowSchedule) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    do {
      _ = try CronExpression(parsing: schedule.cron)
    } catch {
      var location = schedule.cronLocation
      location.column += error.column  // the opening quote, then the 1-based column
      diagnostics.append(Diagnostic(.error, "invalid schedule: \(error.description)", at: location))
    }
    if let name = schedule.timeZone, var message = TimeZoneName.problemWithSuggestion(for: name) {
      // Bounded: no candidates for a name longer than any zone, so a huge name is refused
      // at once instead of after an edit-distance search proportional to its length.
      if !message.contains("did you mean"), !message.contains("such as") {
        message += "; use an IANA name such as 'Europe/Prague' or 'UTC'"
      }
      diagnostics.append(Diagnostic(.error, message, at: schedule.timeZoneLocation))
    }
    return diagnostics
  }
}
