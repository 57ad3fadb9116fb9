import CLIKit
import Scheduling
import Storage
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentflow crontab DIR|FILE…`: prints crontab lines for the scheduled workflows.
enum CrontabCommand: Command {
  static let paths = Positional(
    "PATH", help: "Directories of workflow files, or workflow files.", isRepeating: true,
    completion: .file(extensions: ["json"]))

  static let spec = CommandSpec(
    "crontab",
    abstract: "Print crontab lines that run the scheduled workflows through the system cron.",
    discussion: """
      Each workflow gets a comment line, CRON_TZ for its time zone, and a line that runs \
      'intentflow run FILE --non-interactive' under 'flock -n' (overlap: skip; 'flock' waits \
      for overlap: queue; none for allow), appending output to $INTENTFLOW_HOME/logs/NAME-HASH.log (HASH: of the file's path, so \
      two workflows never share a lock or a log). Time zones must be IANA names; a path or \
      home holding a control character refuses the export (exit 2, nothing printed). \
      Schedules cron cannot express (a seconds field, L, #) are listed as comments; use \
      'intentflow schedule' for those.
      """,
    arguments: [paths.spec],
    examples: ["intentflow crontab Workflows/ > intentflow.cron && crontab intentflow.cron"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let catalog = ScheduleCatalog.load(
      command.values(of: Self.paths), loader: WorkflowLoader(registry: context.registry),
      currentDirectory: context.currentDirectory, timeZone: context.timeZone)
    for (_, failure) in catalog.invalid {
      DiagnosticPrinter(context: context).print(failure, ran: false)
    }
    for warnings in catalog.warnings { DiagnosticPrinter(context: context).printWarnings(warnings) }
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    let export = CrontabExport(
      executable: ChildProcessLauncher.currentExecutable, home: home.path,
      searchPath: context.environment["PATH"])
    let text: String
    do {
      text = try export.render(catalog.workflows, skipped: catalog.invalid.map(\.path))
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.message)
      return ExitCode.usage
    }
    context.standardOutput.write(text)
    context.standardOutput.flush()
    return catalog.invalid.isEmpty ? ExitCode.success : ExitCode.usage
  }
}
