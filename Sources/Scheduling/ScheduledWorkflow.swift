public import Cron
import IntentKit
import Suggestions
public import WorkflowEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A valid workflow file with a schedule, ready for the scheduler.
public struct ScheduledWorkflow: Sendable, Hashable {
  /// The file's absolute path; the scheduler's key for the workflow.
  public var path: String
  /// The workflow's `name`.
  public var name: String
  /// The fire times.
  public var schedule: CronSchedule
  /// The zone named in the file, or `nil` for the machine's.
  public var timeZoneName: String?
  public var overlap: WorkflowSchedule.Overlap
  public var catchUp: WorkflowSchedule.CatchUp
  /// The most a run may be delayed at random after its fire time.
  public var jitter: Duration
  /// The inputs marked `secret`: their names and the `env` variable that gives each, if any.
  /// Exporters pass those variables from where the target keeps secrets.
  public var secretInputs: [(name: String, environmentName: String?)] = []

  public static func == (lhs: ScheduledWorkflow, rhs: ScheduledWorkflow) -> Bool {
    lhs.path == rhs.path && lhs.name == rhs.name && lhs.schedule == rhs.schedule
      && lhs.timeZoneName == rhs.timeZoneName && lhs.overlap == rhs.overlap
      && lhs.catchUp == rhs.catchUp && lhs.jitter == rhs.jitter
      && lhs.secretInputs.map(\.name) == rhs.secretInputs.map(\.name)
      && lhs.secretInputs.map(\.environmentName) == rhs.secretInputs.map(\.environmentName)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(schedule)
  }

  /// The cron expression as written.
  public var cron: String { schedule.expression.source }

  /// Describes a planned workflow's schedule; `nil` when it has none, or when its cron or
  /// zone does not parse (validation reports those).
  ///
  /// - Parameter timeZone: The zone of a schedule that names none: the machine's, as the run
  ///   environment gives it.
  public init?(plan: Plan, path: String, timeZone: TimeZone) {
    guard let spec = plan.workflow.schedule,
      let expression = try? CronExpression(parsing: spec.cron)
    else { return nil }
    var zone = timeZone
    if let name = spec.timeZone {
      guard let named = TimeZoneName.zone(named: name) else { return nil }
      zone = named
    }
    self.path = path
    self.name = plan.workflow.name
    self.schedule = CronSchedule(expression, timeZone: zone)
    self.timeZoneName = spec.timeZone
    self.overlap = spec.overlap
    self.catchUp = spec.catchUp
    self.jitter = spec.jitter
    self.secretInputs = plan.workflow.inputs.filter(\.isSecret).map {
      (name: $0.name, environmentName: $0.environmentName)
    }
  }
}

/// The workflows found in the directories and files given to the scheduler.
public struct ScheduleCatalog: Sendable {
  /// Valid workflows with a schedule, by path.
  public var workflows: [ScheduledWorkflow]
  /// Files that failed validation (they are reported and skipped; the others keep running).
  public var invalid: [(path: String, failure: WorkflowInvalid)]
  /// Valid files without a schedule (sub-workflows, manual ones).
  public var unscheduled: [String]
  /// Warnings about valid files, such as a scheduled run that would stop for a confirmation.
  public var warnings: [WorkflowInvalid] = []

  /// Loads every `*.json` file of each directory (not recursively) and each file given.
  ///
  /// - Parameters:
  ///   - paths: Directories and files, as the user gave them.
  ///   - loader: Validates each file.
  ///   - currentDirectory: Where relative paths start.
  ///   - timeZone: The zone of schedules that name none (the run environment's).
  public static func load(
    _ paths: [String], loader: WorkflowLoader, currentDirectory: String, timeZone: TimeZone
  ) -> ScheduleCatalog {
    var catalog = ScheduleCatalog(workflows: [], invalid: [], unscheduled: [])
    for file in files(in: paths, currentDirectory: currentDirectory, catalog: &catalog) {
      do {
        let plan = try loader.load(path: file)
        if !plan.warnings.isEmpty {
          catalog.warnings.append(
            WorkflowInvalid(
              diagnostics: plan.warnings,
              sources: [plan.workflow.source.path: plan.workflow.source]))
        }
        if let workflow = ScheduledWorkflow(plan: plan, path: file, timeZone: timeZone) {
          catalog.workflows.append(workflow)
        } else {
          catalog.unscheduled.append(file)
        }
      } catch {
        catalog.invalid.append((file, error))
      }
    }
    return catalog
  }

  /// The workflow files named by `paths`: each directory's `*.json` files, sorted, and each
  /// file as given, as absolute paths without duplicates.
  static func files(
    in paths: [String], currentDirectory: String, catalog: inout ScheduleCatalog
  ) -> [String] {
    var result: [String] = []
    for given in paths {
      let path = WorkflowPath.absolute(given, in: currentDirectory)
      // Names as bytes: a workflow file whose name is not UTF-8 is found and read like any.
      let location = FileSystemPath(path)
      guard let info = location.status() else {
        catalog.invalid.append(
          (
            given,
            WorkflowInvalid(diagnostics: [
              Diagnostic(.error, "cannot read '\(given)': no such file or directory", at: nil)
            ])
          ))
        continue
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        let names = (location.entries() ?? []).map(\.text)
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
          result.append(PathText.appending(name, to: path))
        }
      } else {
        result.append(path)
      }
    }
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }
}
