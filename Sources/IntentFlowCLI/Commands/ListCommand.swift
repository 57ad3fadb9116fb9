import CLIKit
import CivilTime
import Cron
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

/// `intentflow list`: the workflows of the workflows directory (the one `say` and
/// `run NAME` use), with their schedules and last runs.
enum ListCommand: Command {
  static let workflows = Option<String>(
    "workflows", valueName: "DIR", help: "The directory of workflow files to list.",
    defaultDescription: "$INTENTFLOW_WORKFLOWS, else workflows/ in the IntentFlow home")
  static let json = Flag("json", help: "Print JSON.")

  static let spec = CommandSpec(
    "list",
    abstract: "List the workflows of the workflows directory, with their last runs.",
    discussion: """
      The workflows directory is --workflows DIR, else $INTENTFLOW_WORKFLOWS, else \
      workflows/ in the IntentFlow home: its *.json files, by file name. Each shows its \
      name, description, schedule and next fire time, and its last run's status. \
      'intentflow run NAME' runs one of them by its name or file name.
      """,
    options: [workflows.spec, json.spec],
    examples: ["intentflow list", "intentflow list --workflows Workflows/ --json"])

  /// One file of the directory, valid or not.
  struct Entry {
    var file: String
    var path: String
    var plan: Plan?
    var problem: String?
  }

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let directory = SayCommand.workflowsDirectory(
      given: command[Self.workflows], context: context)
    guard context.files.isDirectory(directory.path) else {
      if directory.isExplicit {
        throw command.usageError(
          "the workflows directory '\(directory.path)' does not exist; create it, or name "
            + "another with --workflows DIR")
      }
      if command[Self.json] { context.print("[]") }
      context.printError(
        "no workflows yet: put workflow files in \(directory.path), or name a directory with "
          + "--workflows DIR or INTENTFLOW_WORKFLOWS")
      return ExitCode.success
    }
    let entries = Self.entries(in: directory.path, context: context)
    let store = Self.store(context: context)
    let now = context.now()
    let zone = context.timeZone
    var items: [JSONValue] = []
    var rows: [[String]] = []
    for entry in entries {
      guard let plan = entry.plan else {
        items.append(
          .object([
            ("file", .string(entry.file)), ("path", .string(entry.path)),
            ("valid", .bool(false)), ("error", .string(entry.problem ?? "")),
          ]))
        rows.append([entry.file, "(invalid)", "", "", "", entry.problem ?? ""])
        continue
      }
      let scheduled = ScheduledWorkflow(plan: plan, path: entry.path, timeZone: zone)
      let next = scheduled.flatMap { workflow -> String? in
        if workflow.schedule.expression.isReboot { return nil }
        return workflow.schedule.nextDate(after: now).map {
          Timestamp.format($0, in: workflow.schedule.timeZone)
        }
      }
      let last = Self.lastRun(of: plan.workflow.name, path: entry.path, in: store)
      let status = last.map { $0.status ?? "running" }
      items.append(
        .object([
          ("name", .string(plan.workflow.name)), ("file", .string(entry.file)),
          ("path", .string(entry.path)), ("valid", .bool(true)),
          ("description", plan.workflow.description.map(JSONValue.string) ?? .null),
          ("schedule", scheduled.map { .string($0.cron) } ?? .null),
          ("next", next.map(JSONValue.string) ?? .null),
          (
            "lastRun",
            last.map { run in
              .object([
                ("id", .integer(Int(run.id))),
                ("startedAt", .string(Timestamp.format(run.startedAt, in: zone))),
                ("status", .string(run.status ?? "running")),
                ("exitCode", run.exitCode.map(JSONValue.integer) ?? .null),
              ])
            } ?? .null
          ),
        ]))
      rows.append([
        plan.workflow.name, scheduled?.cron ?? "-", next ?? "-",
        last.map { Timestamp.format($0.startedAt, in: zone) } ?? "never", status ?? "-",
        plan.workflow.description.map { String($0.prefix(60)) } ?? "",
      ])
    }
    if command[Self.json] {
      context.print(JSONValue.array(items).serialized(pretty: true))
    } else if rows.isEmpty {
      context.printError("no workflow files (*.json) in \(directory.path)")
    } else {
      context.print(
        Table.render(
          header: ["WORKFLOW", "SCHEDULE", "NEXT", "LAST RUN", "STATUS", "DESCRIPTION"],
          rows: rows))
    }
    return ExitCode.success
  }

  /// The `*.json` files of `directory`, by name, each loaded and validated.
  static func entries(in directory: String, context: CLIContext) -> [Entry] {
    guard let found = FileSystemPath(directory).entries() else { return [] }
    let loader = WorkflowLoader(registry: context.registry)
    return found.map(\.text).filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      let path = PathText.appending(name, to: directory)
      guard context.files.exists(path), !context.files.isDirectory(path) else { return nil }
      do {
        return Entry(file: name, path: path, plan: try loader.load(path: path))
      } catch {
        return Entry(
          file: name, path: path, plan: nil,
          problem: "not a valid workflow; run 'intentflow validate \(path)' to see why")
      }
    }
  }

  /// The workflow file `name` names in the workflows directory: the file whose workflow
  /// is called `name`, else the file `name` or `name.json`.
  static func file(named name: String, given: String?, context: CLIContext) -> (
    path: String?, directory: String, names: [String]
  ) {
    let directory = SayCommand.workflowsDirectory(given: given, context: context).path
    guard context.files.isDirectory(directory) else { return (nil, directory, []) }
    let entries = Self.entries(in: directory, context: context)
    if let entry = entries.first(where: { $0.plan?.workflow.name == name }) {
      return (entry.path, directory, [])
    }
    if let entry = entries.first(where: { $0.file == name || $0.file == name + ".json" }) {
      return (entry.path, directory, [])
    }
    let names = entries.compactMap { $0.plan?.workflow.name }
    return (nil, directory, names)
  }

  private static func store(context: CLIContext) -> (any RunHistoryStore)? {
    let store = HistoryStore.existing(context)
    _ = try? store?.markAbandonedRuns()
    return store
  }

  private static func lastRun(of name: String, path: String, in store: (any RunHistoryStore)?)
    -> RunRecord?
  {
    guard let runs = try? store?.runs(workflowName: name, limit: 50) else { return nil }
    return runs.first { $0.workflowPath == path } ?? runs.first
  }
}
