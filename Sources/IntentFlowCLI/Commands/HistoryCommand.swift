import CLIKit
import CivilTime
import IntentKit
import Storage
import StrictJSON
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `intentflow history`: what ran, when, and how it ended.
enum HistoryCommand: Command {
  static let action = Positional(
    "ACTION", help: "'show RUN' for a run's steps, 'logs RUN [STEP]' for their logs.",
    isOptional: true)
  static let runID = Positional("RUN", help: "The run's number (the ID column).", isOptional: true)
  static let stepPath = Positional(
    "STEP", help: "With logs: a step's id or path (3, 4[17].1).", isOptional: true)
  static let status = Option<String>(
    "status", valueName: "STATUS",
    help: "Only runs that ended so (succeeded, failed, timedOut, cancelled, abandoned, running…).")
  static let since = Option<String>(
    "since", valueName: "DURATION|DATE",
    help: "Only runs started in the last DURATION (2h, 7d) or since DATE (2026-12-01).")
  static let trigger = Option<String>(
    "trigger", valueName: "TRIGGER", help: "Only runs started so: manual, schedule or resume.")
  static let workflow = Option<String>(
    "workflow", short: "w", valueName: "NAME", help: "Only this workflow's runs.",
    completion: .dynamic("workflows"))
  static let limit = Option<Int>(
    "limit", short: "n", valueName: "N", help: "How many to show.", defaultDescription: "20",
    convert: { Int($0).flatMap { $0 > 0 ? $0 : nil } },
    invalid: { "--limit must be a whole number above 0, not '\($0)'" })
  static let events = Flag(
    "events", help: "Show the scheduler's events (fired, skipped, finished…) instead.")
  static let json = Flag("json", help: "Print JSON.")
  static let prune = Flag("prune", help: "Delete old history now, then print what was deleted.")
  static let olderThan = Option<Duration>(
    "older-than", valueName: "DURATION", help: "With --prune: the age of history to delete.",
    defaultDescription: "90d",
    convert: { DurationText.parse($0).flatMap { $0 > .zero ? $0 : nil } },
    invalid: { "'\($0)' is not a duration; write 30d, 12h or 90m" })
  static let maxSize = Option<Int>(
    "max-size", valueName: "SIZE",
    help: "With --prune: the most the history may take, oldest runs deleted first.",
    defaultDescription: "256MB", convert: { StoreSize.parse($0) },
    invalid: { "'\($0)' is not a size; write 64MB, 1GB or 500KB" })

  static let spec = CommandSpec(
    "history",
    abstract: "Show recent runs (or the scheduler's events) from the run store.",
    discussion: """
      'show RUN' prints a run and its steps as a tree (each step's status, attempts, time, \
      parameters, output and error; --json for all of it), 'logs RUN [STEP]' the logs its \
      steps captured (the end of shell.run's output, extensions' log lines). The run's \
      number is the ID column of the list.

      The store keeps 90 days of history, at most 10,000 runs and 100,000 scheduler events \
      (whichever is less); every 100th run prunes the rest. --prune prunes now, and \
      --older-than sets the age to keep (runs still running and each workflow's last fire \
      time are always kept). The history also stays within 256 MB of store (--max-size with \
      --prune sets another bound): past it, the oldest finished runs go first, with their \
      steps and logs. Pruning gives the space back: the file shrinks.
      """,
    arguments: [action.spec, runID.spec, stepPath.spec],
    options: [
      workflow.spec, status.spec, since.spec, trigger.spec, limit.spec, events.spec, json.spec,
      prune.spec, olderThan.spec, maxSize.spec,
    ],
    examples: [
      "intentflow history", "intentflow history --workflow morning --json",
      "intentflow history --status failed --since 1d", "intentflow history show 42",
      "intentflow history logs 42 fetch",
      "intentflow history --events", "intentflow history --prune --older-than 30d",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let limit = try command.value(of: Self.limit) ?? 20
    var retention = RunStore.Retention.standard
    if let age = try command.value(of: Self.olderThan) {
      guard command[Self.prune] else {
        throw command.usageError(
          "--older-than goes with --prune; write --prune --older-than "
            + DurationText.format(age))
      }
      retention.maximumAge = age
    }
    if let size = try command.value(of: Self.maxSize) {
      guard command[Self.prune] else {
        throw command.usageError("--max-size goes with --prune; write --prune --max-size SIZE")
      }
      retention.maximumBytes = size
    }
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    guard HistoryStore.configured(context) != nil || context.files.exists(home.databasePath("runs"))
    else {
      if command[Self.json] {
        context.print("[]")
      } else {
        context.printError("nothing has run yet (no run store in \(home.path))")
      }
      return ExitCode.success
    }
    let store: any RunHistoryStore
    do {
      store = try HistoryStore.open(context)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
    if command[Self.prune] { return prune(store, keeping: retention, context: context) }
    switch command[Self.action] {
    case nil:
      if let word = command[Self.runID] {
        throw command.usageError("unexpected '\(word)'; write 'history show \(word)'")
      }
    case "show"?:
      return try show(command, store: store, context: context)
    case "logs"?:
      return try logs(command, store: store, context: context)
    case let other?:
      var message = "unknown action '\(other)'; write 'history show RUN' or 'history logs RUN'"
      if Int64(other) != nil { message = "write 'history show \(other)' to see run \(other)" }
      throw command.usageError(message)
    }
    let filter = try RunFilter(command, context: context)
    do {
      // Runs whose process died without finishing are marked, so they do not show as running.
      _ = try? store.markAbandonedRuns()
      if command[Self.events] {
        var events = try store.events(limit: limit)
        if let name = command[Self.workflow] {
          events = events.filter { $0.workflowName == name }
        }
        printEvents(events, json: command[Self.json], context: context)
      } else {
        let runs = try store.runs(
          workflowName: command[Self.workflow], status: filter.status, trigger: filter.trigger,
          since: filter.since, limit: limit)
        printRuns(runs, json: command[Self.json], context: context)
      }
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
    return ExitCode.success
  }

  private static func prune(
    _ store: any RunHistoryStore, keeping retention: RunStore.Retention, context: CLIContext
  ) -> Int32 {
    do {
      let pruned = try store.prune(keeping: retention, now: context.now())
      var line =
        "deleted \(pruned.runs) run\(pruned.runs == 1 ? "" : "s") and \(pruned.events) "
        + "scheduler event\(pruned.events == 1 ? "" : "s") older than "
        + DurationText.format(retention.maximumAge)
      if pruned.runsOverSize > 0 {
        line +=
          " (\(pruned.runsOverSize) of the runs to keep the store within "
          + StoreSize.format(retention.maximumBytes) + ")"
      }
      if pruned.bytesFreed > 0 {
        line += "; the store gave back " + StoreSize.format(pruned.bytesFreed)
      }
      context.print(line)
      return ExitCode.success
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
  }

  private static func printRuns(_ runs: [RunRecord], json: Bool, context: CLIContext) {
    let zone = context.timeZone
    if json {
      let items = runs.map { runJSON($0, zone: zone) }
      context.print(JSONValue.array(items).serialized(pretty: true))
      return
    }
    guard !runs.isEmpty else {
      context.printError("no runs recorded yet")
      return
    }
    let rows = runs.map { run -> [String] in
      [
        String(run.id), Timestamp.format(run.startedAt, in: zone), run.workflowName,
        run.trigger.rawValue, run.status ?? "running", run.exitCode.map(String.init) ?? "-",
        run.durationSeconds.map { Self.seconds($0) } ?? "-",
        Self.errorColumn(run),
      ]
    }
    context.print(
      Table.render(
        header: ["ID", "STARTED", "WORKFLOW", "TRIGGER", "STATUS", "EXIT", "TIME", "ERROR"],
        rows: rows))
  }

  private static func printEvents(_ events: [ScheduleEvent], json: Bool, context: CLIContext) {
    let zone = context.timeZone
    if json {
      let items: [JSONValue] = events.map { event in
        .object([
          ("id", .integer(Int(event.id))), ("kind", .string(event.kind.rawValue)),
          ("workflow", .string(event.workflowName)), ("path", .string(event.workflowPath)),
          (
            "scheduledFor",
            event.scheduledFor.map { .string(Timestamp.format($0, in: zone)) } ?? .null
          ),
          ("recordedAt", .string(Timestamp.format(event.recordedAt, in: zone))),
          ("detail", event.detail.map(JSONValue.string) ?? .null),
        ])
      }
      context.print(JSONValue.array(items).serialized(pretty: true))
      return
    }
    guard !events.isEmpty else {
      context.printError("no scheduler events recorded yet")
      return
    }
    let rows = events.map { event -> [String] in
      [
        Timestamp.format(event.recordedAt, in: zone), event.kind.rawValue,
        event.workflowName.isEmpty ? "(scheduler)" : event.workflowName,
        event.scheduledFor.map { Timestamp.format($0, in: zone) } ?? "",
        (event.detail ?? "").split(separator: "\n").first.map(String.init) ?? "",
      ]
    }
    context.print(
      Table.render(header: ["AT", "EVENT", "WORKFLOW", "SCHEDULED", "DETAIL"], rows: rows))
  }

  /// The list's error column: the error's start, or the failures `onError` carried past.
  static func errorColumn(_ run: RunRecord) -> String {
    if let message = run.errorMessage { return String(message.prefix(60)) }
    guard run.recoveredFailures > 0 else { return "" }
    let count = run.recoveredFailures
    return "\(count) step failure\(count == 1 ? "" : "s") carried past (onError)"
  }

  /// A duration in seconds with three decimals and a unit, as `%.3fs` wrote it: `1.250s`
  /// (the C library rounds the exact binary value, so 1.2345 is `1.234s`).
  static func seconds(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    while true {
      let written = Int(withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) })
      guard written >= 0 else { return "\(value)s" }
      guard written >= buffer.count else {
        return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
          + "s"
      }
      buffer = [CChar](repeating: 0, count: written + 1)
    }
  }

}

/// Sizes of the store as `--max-size` takes and `--prune` prints them: decimal units (`KB`,
/// `MB`, `GB`, as `du -h --si` prints) and binary ones (`KiB`, `MiB`, `GiB`), or bytes.
enum StoreSize {
  private static let units: [(suffix: String, bytes: Int)] = [
    ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30),
    ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1),
  ]

  /// `64MB` → 64,000,000; a size of at least one page (1 KiB) up to 1 TiB, else `nil`.
  static func parse(_ text: String) -> Int? {
    for unit in units where text.hasSuffix(unit.suffix) {
      guard let number = Int(text.dropLast(unit.suffix.count)), number > 0 else { return nil }
      let (bytes, overflow) = number.multipliedReportingOverflow(by: unit.bytes)
      return !overflow && (1 << 10...1 << 40).contains(bytes) ? bytes : nil
    }
    return Int(text).flatMap { (1 << 10...1 << 40).contains($0) ? $0 : nil }
  }

  /// 268,435,456 → `268 MB`; under a megabyte, in kilobytes.
  static func format(_ bytes: Int) -> String {
    if bytes >= 1_000_000 { return "\((bytes + 500_000) / 1_000_000) MB" }
    return "\(max(1, (bytes + 500) / 1_000)) KB"
  }
}
