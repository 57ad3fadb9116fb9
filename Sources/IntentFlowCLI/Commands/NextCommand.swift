import CLIKit
import CivilTime
import Cron
import IntentKit
import Scheduling
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentflow next EXPR|FILE`: prints a schedule's next fire times.
enum NextCommand: Command {
  static let schedule = Positional(
    "SCHEDULE", help: "A cron expression (quote it) or a workflow file with a schedule.",
    completion: .file(extensions: ["json"]))
  static let count = Option<Int>(
    "count", short: "n", valueName: "N", help: "How many fire times to print.",
    defaultDescription: "5", convert: { Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil } },
    invalid: { "--count must be a whole number from 1 to 100000, not '\($0)'" })
  static let timezone = Option<String>(
    "timezone", valueName: "TZ", help: "The IANA time zone, such as Europe/Prague.",
    defaultDescription: "the workflow's, else the machine's", completion: .dynamic("zones"))
  static let after = Option<String>(
    "after", valueName: "ISO8601",
    help: "Start after this instant (2026-03-29T01:00:00+01:00, or wall time in the zone).",
    defaultDescription: "now")

  static let spec = CommandSpec(
    "next",
    abstract: "Print the next fire times of a cron expression or a workflow's schedule.",
    discussion: """
      Prints one ISO 8601 timestamp with its UTC offset a line, in the schedule's time zone. \
      Cron follows cronie: five fields (or six with seconds first), names, ranges, steps, \
      lists, the day-of-month/day-of-week OR rule, @hourly…@yearly; see Docs/Scheduling.md.
      """,
    arguments: [schedule.spec],
    options: [count.spec, timezone.spec, after.spec],
    examples: [
      "intentflow next '0 7 * * MON-FRI' --count 3",
      "intentflow next '30 2 * * *' --timezone Europe/Prague --after 2026-03-28T00:00",
      "intentflow next Workflows/morning.json",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let argument = command[Self.schedule] ?? ""
    let count = try command.value(of: Self.count) ?? 5
    var zone = context.timeZone
    var cron = argument
    if argument.hasSuffix(".json") || context.files.exists(argument) {
      let plan: Plan
      do {
        plan = try WorkflowLoader(registry: context.registry).load(path: argument)
      } catch {
        DiagnosticPrinter(context: context).print(error, ran: false)
        return ExitCode.usage
      }
      guard let schedule = plan.workflow.schedule else {
        throw command.usageError(
          "'\(argument)' has no \"schedule\"; add one, such as \"schedule\": \"0 7 * * *\"")
      }
      cron = schedule.cron
      if let name = schedule.timeZone, let named = TimeZoneName.zone(named: name) { zone = named }
    }
    if let name = command[Self.timezone] {
      guard let named = TimeZoneName.zone(named: name) else {
        throw command.usageError(
          TimeZoneName.problemWithSuggestion(for: name) ?? "unknown time zone '\(name)'")
      }
      zone = named
    }
    let expression: CronExpression
    do {
      expression = try CronExpression(parsing: cron)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.annotated(source: cron))
      return ExitCode.usage
    }
    var start = context.now()
    if let text = command[Self.after] {
      guard let date = Timestamp.parse(text, defaultTimeZone: zone) else {
        throw command.usageError(
          "'\(text)' is not a timestamp; write 2026-03-29T01:00:00+01:00, 2026-03-29T01:00 or 2026-03-29"
        )
      }
      start = date
    }
    if expression.isReboot {
      context.printError(
        "@reboot has no fire times: it runs once when 'intentflow schedule' starts")
      return ExitCode.success
    }
    let schedule = CronSchedule(expression, timeZone: zone)
    var lines: [String] = []
    lines.reserveCapacity(count)
    for date in schedule.dates(after: start).prefix(count) {
      lines.append(Timestamp.format(date, in: zone))
    }
    context.print(lines.joined(separator: "\n"))
    return ExitCode.success
  }
}
