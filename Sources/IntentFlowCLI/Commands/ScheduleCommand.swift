import CLIKit
import CivilTime
import Cron
import Dispatch
import IntentKit
import Scheduling
import Storage
import StrictJSON
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `intentflow schedule DIR|FILE…`: the scheduler daemon, `--once`, and `--list`.
enum ScheduleCommand: Command {
  static let paths = Positional(
    "PATH", help: "Directories of workflow files, or workflow files.", isRepeating: true,
    completion: .file(extensions: ["json"]))
  static let once = Flag(
    "once",
    help: "Run whatever is due now, wait for it, and exit (for a cron line run every minute).")
  static let list = Flag(
    "list", help: "Print each scheduled workflow with its next fire time, and exit.")
  static let json = Flag("json", help: "With --list: print JSON.")
  static let grace = Option<Duration>(
    "grace", valueName: "DURATION", help: "How long running workflows may finish after SIGTERM.",
    defaultDescription: "10s", convert: { DurationText.parse($0) },
    invalid: { "'\($0)' is not a duration; write 10s, 1m or 0s" })

  static let spec = CommandSpec(
    "schedule",
    abstract: "Run scheduled workflows on time (a daemon), or once, or list them.",
    discussion: """
      Loads every *.json file of each DIR (and each FILE), validates them, and runs the ones \
      with a "schedule" at their fire times, each as its own 'intentflow run FILE \
      --non-interactive' process. A file that fails validation is reported and skipped; \
      the others keep running. It sleeps until the next fire time, applies each workflow's \
      overlap policy (skip, queue, allow) and catch-up policy (none, latest), and records \
      every fire, skip and result in the run store ('intentflow history').
      One scheduler runs per home: a second one on the same INTENTFLOW_HOME waits as a \
      standby and takes over when the first one ends.
      With INTENTFLOW_STORE=postgresql://USER@HOST:PORT/DB, schedulers on several machines \
      share one history, and each fire time runs on exactly one of them.
      It rereads the files when they change or on SIGHUP. On SIGTERM or SIGINT it starts no \
      more runs, lets running ones finish within the grace period, then cancels them.
      """,
    arguments: [paths.spec],
    options: [once.spec, list.spec, json.spec, grace.spec],
    examples: [
      "intentflow schedule Workflows/",
      "intentflow schedule --list Workflows/",
      "* * * * * intentflow schedule --once /etc/intentflow   (a crontab line)",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let paths = command.values(of: Self.paths)
    var options = Scheduler.Options()
    options.label = paths.joined(separator: " ")
    if let grace = try command.value(of: Self.grace) { options.grace = grace }
    let loader = WorkflowLoader(registry: context.registry)
    let directory = context.currentDirectory
    let runEnvironment = context.runEnvironment
    let load: @Sendable () -> ScheduleCatalog = {
      ScheduleCatalog.load(
        paths, loader: loader, currentDirectory: directory, timeZone: runEnvironment.timeZone)
    }
    if command[Self.list] { return printList(load(), json: command[Self.json], context: context) }

    let home = IntentFlowHome.resolve(environment: context.environment, currentDirectory: directory)
    let store: (any RunHistoryStore)?
    do {
      store = try HistoryStore.open(context)
    } catch {
      context.printError("warning: runs will not be recorded: \(error)")
      store = nil
    }
    var childEnvironment = context.environment
    childEnvironment["INTENTFLOW_HOME"] = home.path
    let launcher = ChildProcessLauncher(
      executable: ChildProcessLauncher.currentExecutable, environment: childEnvironment)
    let output = context.standardOutput
    // Workflow names, file names and runs' output reach the log: control characters in them
    // are escaped, so that the log stays one event a line and a terminal never acts on them.
    let environment = SchedulerEnvironment(
      runEnvironment, launch: launcher.launch,
      log: { output.writeLine(UnsafeText.isUnsafe($0) ? UnsafeText.escaped($0) : $0) })
    // The daemon warns, at each (re)load, about scheduled runs that would stop for a
    // confirmation, as validate, --list and crontab do.
    let loadAndWarn: @Sendable () -> ScheduleCatalog = {
      let catalog = load()
      for warnings in catalog.warnings {
        DiagnosticPrinter(context: context).printWarnings(warnings)
      }
      return catalog
    }
    let scheduler = Scheduler(
      loadCatalog: loadAndWarn, store: store, environment: environment, options: options)

    if command[Self.once] {
      await scheduler.runOnce()
      return ExitCode.success
    }

    let stops = [SIGTERM, SIGINT].map { number in
      SignalSource.make(number) { scheduler.requestStop() }
    }
    let hangup = SignalSource.make(SIGHUP) { scheduler.requestReload() }
    let directories = paths.map { WorkflowPath.absolute($0, in: directory) }.filter(
      context.files.isDirectory)
    // Signals and the watcher reach the daemon's loop through its wake-ups: no task escapes.
    let watcher = DirectoryWatcher(directories: directories, log: { output.writeLine($0) }) {
      scheduler.requestReload()
    }
    context.printError(
      "intentflow schedule: watching \(paths.joined(separator: ", ")); "
        + "SIGHUP rereads, SIGTERM stops (grace \(DurationText.format(options.grace)))")
    // One active scheduler per home; a second one is its standby until it dies.
    let lock: SchedulerLock
    do {
      // The history may be on a server: the home holds the lock all the same.
      try home.create()
      lock = try SchedulerLock(path: PathText.appending("scheduler.lock", to: home.path))
    } catch {
      context.printError(context.errorStyle.red("error: ") + "\(error)")
      for source in stops + [hangup] { source.cancel() }
      watcher.stop()
      return ExitCode.failure
    }
    let holder = lock.holder.map { "pid \($0)" } ?? "another process"
    if await scheduler.standBy(until: { lock.tryAcquire() }, holder: holder) {
      await scheduler.run()
    }
    watcher.stop()
    for source in stops + [hangup] { source.cancel() }
    restoreDefaultDisposition([SIGTERM, SIGINT, SIGHUP])
    return ExitCode.success
  }

  private static func printList(_ catalog: ScheduleCatalog, json: Bool, context: CLIContext)
    -> Int32
  {
    for warnings in catalog.warnings { DiagnosticPrinter(context: context).printWarnings(warnings) }
    for (_, failure) in catalog.invalid {
      DiagnosticPrinter(context: context).print(failure, ran: false)
    }
    let now = context.now()
    if json {
      let items: [JSONValue] = catalog.workflows.map { workflow in
        let next = workflow.schedule.nextDate(after: now)
        return .object([
          ("name", .string(workflow.name)), ("path", .string(workflow.path)),
          ("cron", .string(workflow.cron)),
          ("timezone", .string(workflow.timeZoneName ?? workflow.schedule.timeZone.identifier)),
          ("overlap", .string(workflow.overlap.rawValue)),
          ("catchUp", .string(workflow.catchUp.rawValue)),
          (
            "next",
            next.map { .string(Timestamp.format($0, in: workflow.schedule.timeZone)) } ?? .null
          ),
        ])
      }
      context.print(JSONValue.array(items).serialized(pretty: true))
    } else if catalog.workflows.isEmpty {
      context.printError("no scheduled workflows found (a workflow needs a \"schedule\" key)")
    } else {
      let rows = catalog.workflows.map { workflow -> [String] in
        let next =
          workflow.schedule.expression.isReboot
          ? "at scheduler start"
          : workflow.schedule.nextDate(after: now).map {
            Timestamp.format($0, in: workflow.schedule.timeZone)
          } ?? "never"
        return [
          workflow.name, workflow.cron,
          workflow.timeZoneName ?? workflow.schedule.timeZone.identifier, next, workflow.path,
        ]
      }
      context.print(Table.render(header: ["WORKFLOW", "CRON", "ZONE", "NEXT", "FILE"], rows: rows))
    }
    return catalog.invalid.isEmpty ? ExitCode.success : ExitCode.usage
  }
}

/// Plain aligned text tables for list commands.
enum Table {
  /// The rows aligned in columns two spaces apart; a row whose last cells are empty ends
  /// without spaces.
  static func render(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      var line = row.enumerated().map { column, cell in
        column == row.count - 1
          ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
