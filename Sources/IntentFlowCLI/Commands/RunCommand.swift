import CLIKit
import DataIntents
import Dispatch
import IntentKit
import StandardIntents
import Storage
import StrictJSON
import Suggestions
import Synchronization
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentflow run FILE`: validates a workflow, runs it, prints its output.
enum RunCommand: Command {
  static let file = Positional(
    "FILE",
    help: "The workflow file to run ('-' reads standard input), or a workflow's name in the "
      + "workflows directory.",
    completion: .file(extensions: ["json"]))
  static let workflows = Option<String>(
    "workflows", valueName: "DIR", help: "Where a workflow given by name is looked for.",
    defaultDescription: "$INTENTFLOW_WORKFLOWS, else workflows/ in the IntentFlow home",
    completion: .directory)
  static let input = Option<String>(
    "input", short: "i", valueName: "NAME=VALUE",
    help: "Give a workflow input a value (NAME=@FILE: read it from a file; @@ for '@').",
    isRepeating: true)
  static let json = Flag("json", help: "Print one JSON object with the status, output and steps.")
  static let yes = Flag("yes", short: "y", help: "Answer every confirmation with yes.")
  static let nonInteractive = Flag(
    "non-interactive", help: "Never ask; stop with exit code 3 or 4 instead.")
  static let timeout = Option<String>(
    "timeout", valueName: "DURATION",
    help: "The time limit of steps without their own 'timeout' ('none' for no limit).",
    defaultDescription: "30s")
  static let quiet = Flag("quiet", short: "q", help: "Do not show dialogs and progress.")
  static let verbose = Flag("verbose", short: "v", help: "Show every step as it starts and ends.")
  static let dryRun = Flag(
    "dry-run",
    help: "Bind the inputs and list each step with its parameter values; perform nothing.")

  static let spec = CommandSpec(
    "run",
    abstract: "Run a workflow file.",
    discussion: """
      Validates the whole file first: if anything is wrong, nothing runs. Standard output \
      carries the workflow's output (a list one item a line, an entity its title); dialogs \
      and progress go to standard error. On a terminal, missing values, choices and \
      confirmations are asked; otherwise (cron, pipes, --non-interactive) the run stops \
      before the step that needs them.

      Exit codes: 0 succeeded, 1 a step failed, 2 bad usage or invalid workflow, 3 a value \
      or choice was needed, 4 a confirmation was needed, 5 a step timed out, 128+N \
      cancelled by signal N.
      """,
    arguments: [file.spec],
    options: [
      input.spec, json.spec, yes.spec, nonInteractive.spec, timeout.spec, quiet.spec,
      verbose.spec, dryRun.spec, workflows.spec,
    ],
    examples: [
      "intentflow run Workflows/plan-the-day.json",
      "intentflow run Workflows/plan-the-day.json --input title='Buy milk' --json",
      "intentflow run cleanup.json --yes --non-interactive",
      "intentflow run cleanup.json --dry-run --input older=7d",
      "intentflow run morning   (the workflow named 'morning' in the workflows directory)",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let path = try Self.workflowFile(command, context: context)
    let inputs = try Self.givenInputs(command, context: context)
    return try await launch(
      Launch(path: path, inputs: inputs, dryRun: command[Self.dryRun]), command, context: context)
  }

  /// A run to start: `run`'s, or `resume`'s (which gives what it resumes).
  struct Launch {
    var path: String
    /// The inputs given, by name.
    var inputs: [String: Value]
    /// The run resumed and its steps not to perform again.
    var resumes: (run: Int64, steps: ResumedSteps)? = nil
    /// `--dry-run`: list the steps, perform nothing.
    var dryRun = false
    /// The file's SHA-256 when the caller computed it already (`resume` does, to compare).
    var fileHash: String? = nil
  }

  /// The `--input NAME=VALUE` values.
  static func givenInputs(_ command: ParsedCommand, context: CLIContext) throws(UsageError)
    -> [String: Value]
  {
    var inputs: [String: Value] = [:]
    for pair in command.values(of: Self.input) {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw command.usageError("'\(pair)' is not NAME=VALUE; write --input NAME=VALUE")
      }
      let name = pair[..<equals]
      do {  // NAME=@FILE reads the value from a file (secrets stay out of the command line)
        inputs[String(name)] = .text(
          try InputValueFile.value(
            of: pair[pair.index(after: equals)...], name: name,
            currentDirectory: context.currentDirectory))
      } catch { throw command.usageError(error.message) }
    }
    return inputs
  }

  /// Runs a workflow as `run` does, with the options of `command` (`run`'s or `resume`'s).
  static func launch(_ launch: Launch, _ command: ParsedCommand, context: CLIContext)
    async throws(UsageError) -> Int32
  {
    // Signals are handled before any work, so one that comes while the file is read still
    // cancels the run (recorded as cancelled), and a second one records it on the way out.
    let signals = SignalWatcher()
    let history = RunHistory(context: context, trigger: launch.resumes != nil ? .resume : nil)
    let parentWatch =
      context.handlesSignals ? ParentWatch.start(environment: context.environment) : nil
    if context.handlesSignals {
      let watching = signals.start(
        onSignal: { _ in }, onForcedExit: { history.finishCancelled(signal: $0) })
      if !watching {
        context.printError(
          context.errorStyle.yellow("warning: ")
            + "could not start the thread that watches for signals; Ctrl-C will not cancel "
            + "this run")
      }
    }
    defer {
      parentWatch?.cancel()
      if context.handlesSignals { signals.stop() }
    }
    let path = launch.path
    let json = command[Self.json]
    var inputs = launch.inputs
    var timeout: Duration?? = nil
    if let text = command[Self.timeout] {
      if ["none", "never"].contains(text.lowercased()) {
        timeout = .some(nil)
      } else if let duration = DurationText.parse(text), duration > .zero {
        timeout = .some(duration)
      } else if DurationText.parse(text) != nil {
        throw command.usageError("--timeout must be longer than zero; write 'none' for no limit")
      } else {
        throw command.usageError("'\(text)' is not a duration; write 30s, 5m, 1h or none")
      }
    }

    // The hash `resume` checks is of the bytes validated here: the file is read once.
    let validated = Mutex<String?>(launch.fileHash)
    var loader = WorkflowLoader(registry: context.registry)
    if launch.fileHash == nil {
      loader.reader = { read in
        let bytes = try WorkflowLoader.readFile(read)
        if read != "-" { validated.withLock { $0 = Digest.hex(Digest.sha256(bytes)) } }
        return bytes
      }
    }
    let plan: Plan
    do {
      plan = try loader.load(path: path)
    } catch {
      DiagnosticPrinter(context: context).print(error)
      if json {
        context.print(
          JSONValueOutput.object([
            ("status", .string(RunStatus.invalid.rawValue)),
            ("errors", DiagnosticPrinter.json(error)),
          ]))
      }
      return RunStatus.invalid.exitCode()
    }
    let fileHash = validated.withLock { $0 }

    // A scheduled run (the scheduler and the crontab lines set INTENTFLOW_TRIGGER) takes the
    // schedule's inputs where the command line gives none, and its `yes`.
    let scheduled =
      context.environment["INTENTFLOW_TRIGGER"] == "schedule" && launch.resumes == nil
    if scheduled, let schedule = plan.workflow.schedule {
      for given in schedule.inputs where inputs[given.name] == nil {
        inputs[given.name] = given.value
      }
    }
    let interactive = !command[Self.nonInteractive] && context.terminal.isInputTerminal
    let observer = RunObserver(
      context: context, verbose: command[Self.verbose], quiet: command[Self.quiet])
    var configuration = Executor.Configuration()
    configuration.assumeYes =
      command[Self.yes] || (scheduled && plan.workflow.schedule?.yes == true)
    configuration.keepsStepOutputs = json  // only --json prints step outputs
    if let timeout { configuration.defaultTimeout = timeout }
    configuration.dependencies.installLive(StandardIntents.domains, context.liveDomains)
    // Only steps that take entities offer suggestions in the ranking's order: other runs do
    // not open the store to read it.
    if plan.takesEntities {
      configuration.dependencies.entityRanking = RelevantCommand.ranking(context: context)
    }
    configuration.environment = Self.evaluationEnvironment(context)
    // Secret inputs are hidden in everything shown or kept: known from the given values and
    // the environment now, and from answers typed at a prompt once the inputs are bound.
    let secrets = SecretRedaction(
      Executor(configuration: configuration).redactor(for: plan, given: inputs))
    let donates = plan.mayHandleEntities || plan.onFailure != nil
    // Resolved parameters are read only for the donation (the step history has its own).
    configuration.observesResolution = donates
    // Without --verbose, a step that only computes shows nothing unless it has a dialog.
    configuration.observesEveryStep = donates || command[Self.verbose]
    configuration.observer = { event in
      let event = secrets.redact(event)
      if donates { history.note(event) }  // the entities steps received, for the run's donation
      observer.handle(event)
    }
    configuration.onSecretText = { secrets.insert($0) }
    // INTENTFLOW_STEP_HISTORY=off records the run without its steps.
    if context.environment["INTENTFLOW_STEP_HISTORY"] != "off" {
      configuration.journal = history.journal(secrets: secrets)
    }
    configuration.resume = launch.resumes?.steps
    configuration.cancellationReason = {
      signals.signal.map(CancellationReason.signal) ?? .stopped("the run was cancelled")
    }
    if interactive {
      configuration.interaction = TerminalInteraction(
        prompter: Prompter(
          input: context.standardInput.givingUpOnCancellation(), output: context.standardError,
          style: context.errorStyle),
        style: context.errorStyle)
    }

    let executor = Executor(configuration: configuration)
    if launch.dryRun {
      return await dryRun(plan, inputs: inputs, executor: executor, context: context)
    }
    // The run's own task, so that a signal can cancel it; on the command's executor, which
    // an unstructured task would not inherit.
    let task = Task(executorPreference: context.taskExecutor) {
      () -> (RunResult, Executor.FailureHandling?) in
      // Inputs are checked (and asked for) first: a run rejected for its inputs never started
      // and is not recorded.
      let bound: [String: Value]
      switch await Self.bind(inputs, for: plan, with: executor) {
      case .success(let values): bound = values
      case .failure(let error):
        // Recorded too, with its reason: a scheduled run whose inputs are rejected must show
        // in history, not vanish.
        // A usage error (an unknown input, a value of the wrong type) exits 2, as invalid.
        let status = error.code == .usage ? RunStatus.invalid : RunStatus(error.code)
        let result = secrets.redactor.redact(
          RunResult(
            workflowName: plan.workflow.name, status: status, output: .null,
            steps: [], error: error, startedAt: context.now(), duration: .zero))
        history.begin(
          plan, path: path, inputs: inputs,
          launch: Self.runLaunch(
            plan, path: path, in: context.currentDirectory, inputs: inputs,
            resumes: launch.resumes?.run, fileHash: fileHash))
        history.finish(result, exitCode: Self.exitCode(for: result, signal: signals.signal))
        return (result, nil)
      }
      secrets.learn(executor.redactor(for: plan, given: inputs, bound: bound))
      history.begin(
        plan, path: path, inputs: inputs,
        launch: Self.runLaunch(
          plan, path: path, in: context.currentDirectory, inputs: inputs,
          resumes: launch.resumes?.run, fileHash: fileHash))
      var executor = executor
      if let id = history.id { executor.configuration.environment.runID = String(id) }
      // Run first, then read the redactor: it learns the values built from secrets as the
      // run goes.
      let finished = await executor.run(plan, inputs: bound)
      let result = secrets.redactor.redact(finished)
      let exitCode = Self.exitCode(for: result, signal: signals.signal)
      // `onFailure` runs before the run's end is recorded: its steps are part of the run.
      let handled = await executor.handleFailure(
        of: result, in: plan, inputs: bound,
        run: Executor.FailedRun(
          id: executor.configuration.environment.runID, trigger: history.trigger.rawValue,
          exitCode: exitCode))
      history.finish(result, exitCode: exitCode)
      return (result, handled.map { secrets.redactor.redact($0) })
    }
    signals.whenSignalled { task.cancel() }
    let (result, handled) = await task.value

    if let error = result.error, error.code == .usage {
      context.printError(context.errorStyle.red("error: ") + error.message)
      if json {
        context.print(
          JSONValueOutput.object([
            ("status", .string(RunStatus.invalid.rawValue)),
            (
              "errors",
              .array([
                .object([("severity", .string("error")), ("message", .string(error.message))])
              ])
            ),
          ]))
      }
      return RunStatus.invalid.exitCode()
    }
    if json {
      var rendered = RunRendering.json(result)
      if let handled, case .object(var members) = rendered {
        members.append(("onFailure", RunRendering.json(handled)))
        rendered = .object(members)
      }
      context.print(rendered.serialized(pretty: true))
    } else if let text = RunRendering.text(result.output), result.status == .succeeded {
      context.print(text)
    }
    // Failures that `onError: continue` carried past are still shown.
    let recovered = Set(plan.allSteps.filter { $0.fallback != nil }.map(\.index))
    for record in result.steps where record.status != .succeeded && record.status != .skipped {
      guard let error = record.error, error.message != result.error?.message else { continue }
      let how = recovered.contains(record.index) ? "onError ran its steps" : "onError is continue"
      // An intent's own message (flow.fail's) does not say which step failed.
      let message =
        error.message.hasPrefix("step '\(record.label)'")
        ? error.message : "step '\(record.label)' failed: \(error.message)"
      context.printError(
        context.errorStyle.yellow("warning: ") + "\(message) (the run went on: \(how))")
    }
    if let error = result.error {
      DiagnosticPrinter(context: context).print(
        error, plan: plan, interactive: interactive)
    }
    if let handled, let warning = RunRendering.warning(handled) {
      context.printError(context.errorStyle.yellow("warning: ") + warning)
    }
    return Self.exitCode(for: result, signal: signals.signal)
  }

  /// The file to run: FILE when it exists (or is `-`, or a path), else the workflow the
  /// workflows directory has by that name or file name (DESIGN §12).
  static func workflowFile(_ command: ParsedCommand, context: CLIContext) throws(UsageError)
    -> String
  {
    let given = command[Self.file] ?? "-"
    guard given != "-", !given.contains("/"),
      !context.files.exists(WorkflowPath.absolute(given, in: context.currentDirectory))
    else { return given }
    let found = ListCommand.file(named: given, given: command[Self.workflows], context: context)
    if let path = found.path { return path }
    // A missing file name: the loader says so, as before.
    if given.hasSuffix(".json") { return given }
    var message = "no file '\(given)' and no workflow named '\(given)' in \(found.directory)"
    if let suggestion = Spelling.closest(to: given, among: found.names) {
      message += "; did you mean '\(suggestion)'?"
    } else {
      message += "; 'intentflow list' shows the workflows there"
    }
    throw command.usageError(message)
  }

  /// What `resume` needs of a run of `plan` from `path`: the file's SHA-256 (none for
  /// standard input), the inputs given but the secret ones, and the run it resumes.
  static func runLaunch(
    _ plan: Plan, path: String, in directory: String, inputs: [String: Value], resumes: Int64?,
    fileHash: String? = nil
  ) -> RunLaunch {
    var launch = RunLaunch(fileHash: fileHash, resumedRun: resumes)
    if launch.fileHash == nil, path != "-",
      let bytes = FileManager.default.contents(atPath: WorkflowPath.absolute(path, in: directory))
    {
      launch.fileHash = Digest.hex(Digest.sha256(Array(bytes)))
    }
    let secret = Set(plan.inputs.filter(\.isSecret).map(\.name))
    let kept = inputs.filter { !secret.contains($0.key) }
    if !kept.isEmpty {
      launch.inputs = JSONValue.object(
        kept.keys.sorted().map { ($0, kept[$0]?.jsonValue ?? .null) }
      ).serialized()
    }
    return launch
  }

  static func bind(_ inputs: [String: Value], for plan: Plan, with executor: Executor)
    async -> Result<[String: Value], IntentFlowError>
  {
    do {
      return .success(try await executor.bindInputs(plan, inputs))
    } catch {
      return .failure(error)
    }
  }

  /// The run's environment: the context's, with `TZ` as the run's time zone (else the
  /// context's), looked up only when read (`today`, the date intents).
  static func runEnvironment(_ context: CLIContext) -> RunEnvironment {
    var run = context.runEnvironment
    let named = context.environment["TZ"]
    let machine = context.runEnvironment
    if let named {
      run.lookUpTimeZone { TimeZone(identifier: named) ?? machine.timeZone }
    }
    return run
  }

  /// What expressions read from outside the workflow: the run's environment (its clock and
  /// time zone, see ``runEnvironment(_:)``), the context's environment variables and the
  /// current directory. `run.id` is the run's number in history once it is recorded.
  ///
  /// Built from the context rather than `EvaluationEnvironment.live`, which reads the
  /// process's environment, time zone and directory again.
  static func evaluationEnvironment(_ context: CLIContext) -> EvaluationEnvironment {
    let run = runEnvironment(context)
    return EvaluationEnvironment(
      runEnvironment: run, variables: context.environment, runID: run.makeID(),
      currentDirectory: context.currentDirectory)
  }

  /// The exit code of DESIGN section 5 for a run's outcome.
  static func exitCode(for result: RunResult, signal: Int32?) -> Int32 {
    result.status.exitCode(signal: signal)
  }
}

/// Serializes a small JSON object for one-off outputs.
enum JSONValueOutput {
  static func object(_ members: [(key: String, value: JSONValue)]) -> String {
    JSONValue.object(members).serialized(pretty: true)
  }
}
