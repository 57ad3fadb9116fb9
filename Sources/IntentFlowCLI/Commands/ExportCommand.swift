import CLIKit
import Scheduling
import Storage
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `intentflow export kubernetes|systemd DIR…`: the scheduled workflows as another
/// scheduler's configuration.
enum ExportCommand: Command {
  static let paths = Positional(
    "PATH", help: "Directories of workflow files, or workflow files.", isRepeating: true)
  static let image = Option<String>(
    "image", valueName: "IMAGE", help: "The container image with intentflow.",
    defaultDescription: "intentflow:latest")
  static let namespace = Option<String>(
    "namespace", valueName: "NS", help: "The namespace of every object.")
  static let user = Flag("user", help: "User units (systemctl --user) rather than system units.")
  static let output = Option<String>(
    "output", short: "o", valueName: "DIR", help: "Where to write the units.",
    defaultDescription: "the current directory")

  static let kubernetesSpec = CommandSpec(
    "kubernetes",
    abstract: "Print a ConfigMap and a batch/v1 CronJob per scheduled workflow, as YAML.",
    discussion: """
      The ConfigMap 'intentflow-workflows' holds the workflow files; each CronJob runs \
      'intentflow run FILE --non-interactive' on the mounted file as a scheduled run, in its \
      workflow's time zone (timeZone). overlap skip and queue become concurrencyPolicy Forbid, \
      allow becomes Allow; catchUp none becomes startingDeadlineSeconds: 60, latest leaves \
      it unset (Kubernetes starts the latest missed time). Secret inputs' env variables come \
      from the Secret 'intentflow-secrets', INTENTFLOW_STORE (when set here) from the key \
      'url' of the Secret 'intentflow-store'. A seconds field, L, # and @reboot are refused \
      (exit 2, the other workflows printed); a fixed-time schedule in an hour that its zone \
      skips or repeats is warned about. See Docs/Deploying.md.
      """,
    arguments: [paths.spec], options: [image.spec, namespace.spec],
    examples: [
      "intentflow export kubernetes Workflows/ --image registry.example.com/intentflow:0.1.0 "
        + "| kubectl apply -f -"
    ])

  static let systemdSpec = CommandSpec(
    "systemd",
    abstract: "Write intentflow-NAME.service and .timer units per scheduled workflow.",
    discussion: """
      Each timer's OnCalendar= lines fire at the times 'intentflow next' prints, in the \
      workflow's zone; catchUp latest is Persistent=true, jitter RandomizedDelaySec=. The \
      service runs 'intentflow run FILE --non-interactive' with INTENTFLOW_TRIGGER=schedule, \
      this INTENTFLOW_HOME and PATH, and reads secret variables and INTENTFLOW_STORE from \
      /etc/intentflow/NAME.env (--user: ~/.config/intentflow/NAME.env). What systemd cannot \
      express (@reboot; a time in an hour the zone skips or repeats, where systemd fires \
      otherwise than intentflow) is refused: exit 2, the other workflows written.
      """,
    arguments: [paths.spec], options: [user.spec, output.spec],
    examples: [
      "intentflow export systemd Workflows/ --user --output ~/.config/systemd/user",
      "systemctl --user daemon-reload && systemctl --user enable --now intentflow-NAME.timer",
    ])

  static let spec = CommandSpec(
    "export",
    abstract: "Export the scheduled workflows to Kubernetes CronJobs or systemd timers.",
    subcommands: [kubernetesSpec, systemdSpec],
    examples: [
      "intentflow export kubernetes Workflows/ > intentflow.yaml",
      "intentflow export systemd Workflows/ --user",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let target = command.path.dropFirst(2).first
    let catalog = ScheduleCatalog.load(
      command.values(of: Self.paths), loader: WorkflowLoader(registry: context.registry),
      currentDirectory: context.currentDirectory, timeZone: context.timeZone)
    for (_, failure) in catalog.invalid {
      DiagnosticPrinter(context: context).print(failure, ran: false)
    }
    for warnings in catalog.warnings { DiagnosticPrinter(context: context).printWarnings(warnings) }
    let status: Int32
    switch target {
    case "kubernetes": status = kubernetes(command, catalog: catalog, context: context)
    case "systemd": status = systemd(command, catalog: catalog, context: context)
    default:
      throw command.usageError("name what to export to: 'kubernetes' or 'systemd'")
    }
    return catalog.invalid.isEmpty ? status : ExitCode.usage
  }

  static func kubernetes(_ command: ParsedCommand, catalog: ScheduleCatalog, context: CLIContext)
    -> Int32
  {
    var files: [KubernetesExport.File] = []
    for path in catalog.workflows.map(\.path) + catalog.unscheduled {
      guard let contents = readText(path) else {
        context.printError(
          context.errorStyle.red("error: ")
            + "cannot read '\(UnsafeText.escaped(path))'; nothing was exported")
        return ExitCode.usage
      }
      files.append(KubernetesExport.File(path: path, contents: contents))
    }
    files.sort { $0.path < $1.path }
    let export = KubernetesExport(
      image: command[Self.image] ?? "intentflow:latest", namespace: command[Self.namespace],
      defaultTimeZone: context.timeZone,
      usesSharedStore: !(context.environment["INTENTFLOW_STORE"] ?? "").isEmpty,
      now: context.now())
    let output: KubernetesExport.Output
    do {
      output = try export.render(catalog.workflows, files: files)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.message)
      return ExitCode.usage
    }
    report(output.warnings, output.refusals, context: context)
    context.standardOutput.write(output.yaml)
    context.standardOutput.flush()
    return output.refusals.isEmpty ? ExitCode.success : ExitCode.usage
  }

  static func systemd(_ command: ParsedCommand, catalog: ScheduleCatalog, context: CLIContext)
    -> Int32
  {
    let home = IntentFlowHome.resolve(
      environment: context.environment, currentDirectory: context.currentDirectory)
    let userUnits = command[Self.user]
    let export = SystemdExport(
      executable: ChildProcessLauncher.currentExecutable, home: home.path,
      searchPath: context.environment["PATH"], userUnits: userUnits,
      user: userUnits || getuid() == 0 ? nil : currentUserName(),
      defaultTimeZone: context.timeZone, now: context.now())
    let output: SystemdExport.Output
    do {
      output = try export.render(catalog.workflows)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.message)
      return ExitCode.usage
    }
    report(output.warnings, output.refusals, context: context)
    let directory = WorkflowPath.absolute(
      command[Self.output] ?? ".", in: context.currentDirectory)
    for unit in output.units {
      let path = directory.hasSuffix("/") ? directory + unit.name : directory + "/" + unit.name
      guard writeText(unit.contents, to: path) else {
        context.printError(
          context.errorStyle.red("error: ")
            + "cannot write '\(UnsafeText.escaped(path))': \(String(cString: strerror(errno))); "
            + "check that the directory exists and is writable")
        return ExitCode.usage
      }
      context.print(path)
    }
    return output.refusals.isEmpty ? ExitCode.success : ExitCode.usage
  }

  static func report(_ warnings: [String], _ refusals: [String], context: CLIContext) {
    for warning in warnings {
      context.printError(context.errorStyle.yellow("warning: ") + warning)
    }
    for refusal in refusals {
      context.printError(context.errorStyle.red("error: ") + refusal + "; not exported")
    }
  }

  /// A file's text, or `nil` when it cannot be read or is not UTF-8.
  static func readText(_ path: String) -> String? {
    let descriptor = FileSystemPath(path).withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Writes a file (replacing one that is there), readable by all: units hold no secrets.
  static func writeText(_ text: String, to path: String) -> Bool {
    let descriptor = FileSystemPath(path).withCString {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      bytes = bytes.dropFirst(count)
    }
    return true
  }

  static func currentUserName() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    return buffer.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      var entry = passwd()
      var result: UnsafeMutablePointer<passwd>?
      guard getpwuid_r(getuid(), &entry, base, buffer.count, &result) == 0, result != nil,
        let name = entry.pw_name
      else { return nil }
      return String(cString: name)
    }
  }
}
