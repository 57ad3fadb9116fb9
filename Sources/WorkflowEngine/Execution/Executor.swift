// Hot code (Docs/Performance.md, "Rules for hot code"): every step of every run passes through
// here, and the engine's overhead per step (goal: 1 µs) and its allocations per step (checked
// by `Scripts/check-performance.sh`) are spent mostly in this file. So the executor reads the
// plan by position and never validates again; the per-step functions are
// `nonisolated(nonsending)`, so entering one costs no executor check; closure contexts,
// `ContinuousClock.Instant`s and other temporaries whose size the standard library does not
// fix stay out of async functions, where each would be allocated in the task; arrays are
// walked by index and records changed in place, since a copy of a step or a record retains
// each of its fields; and what only an observer or the journal reads is made only when one is
// set.

public import IntentKit
import StrictJSON
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Runs plans: every step through resolve → confirm → handle, in order, with loops,
/// branches, conditions, timeouts, retries and error policies, reporting events as it goes.
public struct Executor: Sendable {
  /// How runs behave.
  public struct Configuration: Sendable {
    /// Who answers questions; the default answers none (non-interactive).
    public var interaction: any InteractionHandler = NonInteractiveHandler()
    /// Answer confirmations with yes (`--yes`).
    public var assumeYes = false
    /// The timeout of a step without its own; `nil` for none.
    public var defaultTimeout: Duration? = .seconds(30)
    /// The dependencies intents read (stores, randomness); their `runEnvironment` is always
    /// the one in ``environment``.
    public var dependencies = DependencyValues()
    /// ``dependencies``, with the run's environment.
    var intentDependencies: DependencyValues {
      var dependencies = dependencies
      dependencies.runEnvironment = environment.runEnvironment
      return dependencies
    }
    /// Receives every event of the run, synchronously; keep it quick.
    public var observer: @Sendable (RunEvent) -> Void = { _ in } {
      didSet { isObserved = true }
    }
    /// Whether anyone set an ``observer``: a run nobody observes makes no events.
    var isObserved = false
    /// Whether the observer hears of every step's start and end; `false`: an intent step that
    /// performs inline (it only computes) is reported only when it fails or has a dialog or a
    /// snippet, and a step is confirmed silently unless it may ask, for an observer that shows
    /// only those (`intentflow run` without `--verbose`).
    public var observesEveryStep = true
    /// Whether the observer is sent ``RunEvent/stepResolved(_:parameters:)``, whose
    /// dictionary of parameters each intent step makes for it; `false` for an observer that
    /// ignores them.
    public var observesResolution = true
    /// Whether every step's record keeps its output (for `--json`). When false, a loop whose
    /// output nothing in the workflow reads does not collect it (its record shows `null`), so
    /// a `forEach` over a million items does not hold a million outputs.
    public var keepsStepOutputs = true
    /// A shorthand for the run environment's clock (in ``environment``), whose sleeps wait
    /// out retry delays and whose timers time steps: setting a sleep makes the clock's sleeps
    /// and timers run on it (a test's instant sleep or manual clock), keeping its `now`; `nil`
    /// gives it the live clock's. Reading gives the clock's sleep.
    public var sleep: (@Sendable (Duration) async throws -> Void)? {
      get { environment.runEnvironment.clock.sleep }
      set {
        let now = environment.runEnvironment.clock.now
        var clock = newValue.map { RunClock(now: now, sleep: $0) } ?? .live
        clock.now = now
        environment.runEnvironment.clock = clock
      }
    }
    /// Why the run is being cancelled, when it is.
    public var cancellationReason: @Sendable () -> CancellationReason = {
      .stopped("the run was cancelled")
    }
    /// Told of each stopped intent still running once its grace is over (see ``Overrun``).
    public var onOverrun: (@Sendable (Overrun) -> Void)? = nil
    /// The current time, for the run's start: the run environment's clock (in
    /// ``environment``), which `now`, `today` and the intents read too.
    public var now: @Sendable () -> Date {
      get { environment.runEnvironment.clock.now }
      set { environment.runEnvironment.clock.now = newValue }
    }
    /// What expressions read from outside the workflow (`now`, `today`, `env.NAME`, `run.id`),
    /// with the run's environment (clock, time zone, randomness), which the executor and the
    /// intents (as `dependencies.runEnvironment`) read as well.
    public var environment = EvaluationEnvironment.live
    /// Gives a random number in a range, for retry jitter: the run environment's.
    public var random: @Sendable (ClosedRange<Double>) -> Double {
      get { environment.runEnvironment.random }
      set { environment.runEnvironment.random = newValue }
    }
    /// Receives, synchronously and before any event that can show it, each secret input's
    /// value once bound and each value the run evaluates from a secret (with the spans the
    /// secret fills), so that whoever shows the run's events masks them (see ``Redactor``).
    /// Nested workflows report theirs too. `nil`: nothing is traced.
    public var onSecretText: (@Sendable (SecretText) -> Void)? = nil
    /// Where each step's entry for the run's step history goes as the step ends (DESIGN
    /// §12); `nil` (the default): no history is made, at no cost.
    public var journal: StepJournal? = nil
    /// The steps of an earlier run that this one, resuming it, does not perform again (DESIGN
    /// §12, `intentflow resume`); `nil` (the default): a new run.
    public var resume: ResumedSteps? = nil

    public init() {}
  }

  public var configuration: Configuration

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Checks and converts the inputs a run is given (`--input NAME=VALUE`), filling in
  /// defaults and asking for missing ones.
  ///
  /// - Throws: ``IntentFlowError`` `.usage` for an unknown input or a value that does not fit
  ///   its type; `.needsValue` for a missing input nobody could be asked for.
  public func bindInputs(_ plan: Plan, _ given: [String: Value]) async throws(IntentFlowError)
    -> [String: Value]
  {
    for name in given.keys.sorted() where !plan.inputs.contains(where: { $0.name == name }) {
      var message = "'\(plan.workflow.name)' has no input '\(name)'"
      if let suggestion = Spelling.closest(to: name, among: plan.inputs.map(\.name)) {
        message += "; did you mean '\(suggestion)'?"
      } else if plan.inputs.isEmpty {
        message += "; it declares no inputs"
      } else {
        message += "; its inputs are " + plan.inputs.map { "'\($0.name)'" }.joined(separator: ", ")
      }
      throw IntentFlowError(.usage, message)
    }
    var bound: [String: Value] = [:]
    for input in plan.inputs {
      var value = given[input.name].map { Self.structured($0, for: input.type) }
      if value == nil { value = environmentValue(of: input) }
      if value == nil, let defaultValue = input.defaultValue { value = defaultValue }
      var reason: String?
      var attempts = 0
      while true {
        if value == nil {
          let request = ValueRequest(
            step: "inputs", intent: "workflow.input", parameter: input.parameter,
            prompt: input.parameter.question, reason: reason, suggestions: [],
            isSecret: input.isSecret)
          let answer: Value?
          do {
            answer = try await configuration.interaction.requestValue(request)
          } catch {
            throw IntentFlowError(
              .cancelled,
              "the run was cancelled while asking for '\(input.name)': "
                + "\(configuration.cancellationReason())")
          }
          guard let answer else {
            throw IntentFlowError(
              .needsValue,
              "input '\(input.name)' needs a value and has no default; pass --input "
                + "\(input.name)=VALUE", parameter: input.name)
          }
          value = Self.structured(answer, for: input.type)
          attempts += 1
        }
        do {
          bound[input.name] = try (value ?? .null).coerced(to: input.type)
          break
        } catch {
          // A typed answer that does not fit is asked again; a given one is a usage error.
          guard attempts > 0, attempts < 10 else {
            throw IntentFlowError(
              .usage,
              "input '\(input.name)' expects \(input.type.article) \(input.type): \(error.message)",
              location: input.location, parameter: input.name)
          }
          // A secret's complaint would quote the typed value back on the screen.
          reason =
            input.isSecret
            ? "the value is not \(input.type.article) \(input.type)" : error.message
          value = nil
        }
      }
    }
    return bound
  }

  /// Text for a list or dictionary input is read as JSON when it is a JSON array or object
  /// (`--input items='["tea", "jam"]'`); other text stays text (one item).
  static func structured(_ value: Value, for type: ValueType) -> Value {
    guard case .text(let text) = value else { return value }
    switch type {
    case .list, .dictionary:
      let trimmed = text.trimming(.whitespaces)
      guard trimmed.hasPrefix("[") || trimmed.hasPrefix("{"),
        let node = try? JSONParser.parse(trimmed)
      else { return value }
      return Value(json: node.plainValue)
    default:
      return value
    }
  }

  /// Runs a plan with bound inputs (see ``bindInputs(_:_:)``; unbound inputs are bound here).
  public func run(_ plan: Plan, inputs given: [String: Value] = [:]) async -> RunResult {
    let started = configuration.now()
    let start = clockReading()
    if configuration.isObserved {
      configuration.observer(.runStarted(workflow: plan.workflow.name))
    }
    var run = RunState(plan: plan, configuration: configuration)
    var status = RunStatus.succeeded
    var output = Value.null
    var failure: IntentFlowError?
    do throws(IntentFlowError) {
      let inputs = try await bindInputs(plan, given)
      if plan.inputs.contains(where: \.isSecret) {
        run = RunState(plan: plan, configuration: hidingSecrets(of: plan, inputs))
      }
      for input in plan.inputs { run.slots[input.slot] = inputs[input.name] ?? .null }
      // A confirmation nobody can give would stop the run half-way: stop before it starts.
      if !configuration.assumeYes, !configuration.interaction.canAsk,
        let stop = Self.unanswerableConfirmations(plan.confirmingSteps, in: plan)
      {
        throw stop
      }
      let last = try await run.block(plan.steps, previous: .null)
      if let expression = plan.output {
        output = try run.evaluate(expression, at: plan.workflow.location)
      } else {
        output = last
      }
    } catch {
      if let stop = error.underlying as? WorkflowStop {
        output = stop.output  // flow.stop: the run ends here, succeeded
      } else {
        failure = error
        status = RunStatus(error.code)
      }
    }
    if configuration.isObserved { configuration.observer(.runFinished(status: status)) }
    return RunResult(
      workflowName: plan.workflow.name, status: status, output: output,
      steps: run.records.compactMap { $0 }, error: failure, startedAt: started,
      duration: clockReading() - start)
  }
}

/// The state of one run: its slots and step records.
struct RunState {
  /// What does not change during the run, behind one reference, which async calls copy into
  /// their frames in place of a plan and a configuration.
  private final class Shared: Sendable {
    let plan: Plan
    let configuration: Executor.Configuration
    /// The invocation options every step starts from.
    let options: IntentInvocation.Options
    /// The context every step of a run nobody observes starts from (each sets its id).
    let context: IntentContext
    /// Which slots hold secrets, when someone is told of the values made from them.
    let secrets: SecretSources?
    /// The step history's journal, and what it takes from each step (see
    /// `Executor+Journal.swift`); all `nil` when the run keeps no history.
    let journal: StepJournal?
    let log: StepLog?
    /// What the run resumes, if it does (``Executor/Configuration/resume``).
    let resume: ResumedSteps?
    let captured: CapturedParameters?
    /// The wall-clock time and the continuous clock's reading at the same moment, from which
    /// entries' times are computed without reading the wall clock again.
    let wallOrigin: Date
    let clockOrigin: Duration

    init(plan: Plan, configuration: Executor.Configuration) {
      self.plan = plan
      self.configuration = configuration
      if configuration.onSecretText != nil, plan.inputs.contains(where: \.isSecret) {
        secrets = SecretSources(plan: plan)
      } else {
        secrets = nil
      }
      var options = IntentInvocation.Options()
      options.assumeYes = configuration.assumeYes
      options.clock = configuration.environment.runEnvironment.clock
      options.cancellationReason = configuration.cancellationReason
      options.onOverrun = configuration.onOverrun
      resume = configuration.resume
      // A resumed run finds its steps by path, which only a journal keeps.
      journal =
        configuration.journal ?? (configuration.resume != nil ? StepJournal(record: { _ in }) : nil)
      log = journal != nil ? StepLog() : nil
      captured = journal != nil ? CapturedParameters() : nil
      (wallOrigin, clockOrigin) =
        journal != nil
        ? (configuration.now(), clockReading()) : (Date(timeIntervalSince1970: 0), .zero)
      if let captured {
        options.onResolvedValues = { names, values in captured.set(names, values) }
      }
      self.options = options
      var context = IntentContext(
        dependencies: configuration.intentDependencies, progress: .ignored, stepID: nil,
        interaction: configuration.interaction)
      context.log = log
      self.context = context
    }
  }

  private let shared: Shared
  var slots: [Value]
  var records: [StepRecord?]
  /// The step history's place (see `Executor+Journal.swift`): what the paths of the block
  /// running now start with, the running step's position in it, whether succeeded steps are
  /// recorded here, failures counted for loops' failed passes, the last intent step's
  /// attempts, and the last loop's passes.
  var journalPrefix: String
  var ordinal = 0
  var recordsEverything: Bool
  var failures = 0
  var attempts = 1
  var loopPasses: LoopPasses?
  /// Set when the step ending now was restored from the run resumed, not performed; and once
  /// an abandoned run's first unrecorded step was asked about (see `Executor+Resume.swift`).
  var restoring = false
  var checkedUnrecorded = false
  /// Each intent step's invocation and argument sources, made on its first pass, by index.
  private var calls: [ActionCall?]

  /// What a pass of an intent step needs from its plan.
  private struct ActionCall {
    /// The invocation without values (see `IntentInvocation.with(positional:)`).
    var invocation: IntentInvocation
    var sources: [ArgumentSource]
    /// Whether the intent may wait on the world (it does not perform inline).
    var waits: Bool
  }

  var plan: Plan { shared.plan }
  var configuration: Executor.Configuration { shared.configuration }
  var options: IntentInvocation.Options { shared.options }
  var context: IntentContext { shared.context }
  var journal: StepJournal? { shared.journal }
  var stepLog: StepLog? { shared.log }
  var capturedParameters: CapturedParameters? { shared.captured }
  var wallOrigin: Date { shared.wallOrigin }
  var clockOrigin: Duration { shared.clockOrigin }

  init(plan: Plan, configuration: Executor.Configuration) {
    shared = Shared(plan: plan, configuration: configuration)
    journalPrefix = shared.journal?.pathPrefix ?? ""
    recordsEverything = configuration.journal?.recordsEverything ?? true
    slots = Array(repeating: .null, count: plan.slotCount)
    records = Array(repeating: nil, count: plan.stepCount)
    calls = Array(repeating: nil, count: plan.stepCount)
  }

  /// Whether a loop step collects its passes' outputs.
  func keepsOutput(of step: PlannedStep) -> Bool {
    configuration.keepsStepOutputs || plan.outputIsRead[step.index]
  }

  private func info(_ step: PlannedStep) -> StepInfo {
    StepInfo(
      index: step.index, id: step.id, label: step.label, intent: step.intent,
      location: step.location)
  }

  /// Sends an event, made only when someone observes the run.
  private func notify(_ event: @autoclosure () -> RunEvent) {
    if configuration.isObserved { configuration.observer(event()) }
  }

  /// Runs a block's steps in order; returns the output passed on by the last one.
  nonisolated(nonsending) mutating func block(_ steps: [PlannedStep], previous: Value)
    async throws(IntentFlowError)
    -> Value
  {
    var previous = previous
    for index in steps.indices {
      if shared.journal != nil { ordinal = index + 1 }
      previous = try await self.step(steps[index], previous: previous)
    }
    return previous
  }

  /// Runs a step; returns what the next step receives as its implicit input.
  nonisolated(nonsending) private mutating func step(_ step: PlannedStep, previous: Value)
    async throws(IntentFlowError)
    -> Value
  {
    // This step's place in the step history, kept before its blocks move it on.
    let (ordinal, prefix, recordsAll) = (self.ordinal, journalPrefix, recordsEverything)
    if Task.isCancelled {
      let error = IntentFlowError(
        .cancelled,
        "the run was cancelled before step '\(step.label)': "
          + "\(configuration.cancellationReason())", location: step.location, step: step.label)
      if shared.journal != nil {
        journalEnded(
          step, at: ordinal, in: prefix, status: .cancelled, output: .null, error: error,
          started: clockReading(), recovered: false)
      }
      throw error
    }
    if let condition = step.condition {
      guard Evaluator.isTrue(try evaluate(condition, step: step)) else {
        slots[step.slot] = .null
        update(step) {
          $0.status = .skipped
          $0.output = .null
          ($0.dialog, $0.snippet, $0.error) = (nil, nil, nil)
        }
        notify(.stepSkipped(info(step)))
        if shared.journal != nil, recordsAll {
          journalEnded(
            step, at: ordinal, in: prefix, status: .skipped, output: .null, error: nil,
            started: clockReading(), recovered: false)
        }
        return previous
      }
    }
    // Not through `notify`: an async function allocates its autoclosure's context in the task.
    if configuration.isObserved, reportsEvents(of: step) {
      configuration.observer(.stepStarted(info(step)))
    }
    let started = clockReading()
    var output: Value
    var dialog: String?
    var snippet: String?
    // The step's path, which a resumed run finds it by; made only when resuming.
    let path = shared.resume != nil ? prefix + String(ordinal) : ""
    do {
      if let resumed = shared.resume,
        let restored = try await restoredOutput(of: step, at: path, from: resumed)
      {
        (output, dialog, snippet) = (restored, nil, nil)
      } else {
        switch step.kind {
        case .action:
          if let resumed = shared.resume {
            try await confirmRepeat(of: step, at: path, from: resumed)
          }
          (output, dialog, snippet) = try await perform(step, previous: previous)
        case .forEach(let items, let itemSlot, let body):
          output = try await forEach(
            step, items: items, itemSlot: itemSlot, body: body, ordinal: ordinal)
        case .branch(let condition, let then, let otherwise):
          let chosen = Evaluator.isTrue(try evaluate(condition, step: step)) ? then : otherwise
          // A branch with no steps (an `if` without `else`) passes the previous output on, as a
          // skipped step does.
          if shared.journal != nil { journalPrefix = prefix + String(ordinal) + "." }
          output = try await block(chosen, previous: previous)
          journalPrefix = prefix
        case .repeatLoop(let count, let passSlot, let body):
          let times = try repeatCount(count, step: step)
          let keep = keepsOutput(of: step)
          var outputs: [Value] = []
          var passes = LoopPasses(total: 0, failed: 0, recorded: 0)
          defer { loopPasses = passes }
          let passPrefix = shared.journal != nil ? prefix + String(ordinal) + "[" : ""
          for pass in 0..<times {
            if let passSlot { slots[passSlot] = .integer(pass + 1) }
            let failuresBefore = failures
            if shared.journal != nil {
              beginPass(pass + 1, prefix: passPrefix, recordsAll: recordsAll, counting: &passes)
            }
            let last = try await block(body, previous: previous)
            if shared.journal != nil {
              endPass(failed: failures != failuresBefore, recordsAll: recordsAll, counting: &passes)
            }
            if keep { outputs.append(last) }
          }
          (journalPrefix, recordsEverything) = (prefix, recordsAll)
          output = keep ? .list(outputs) : .null
        case .workflow(let subplan, let inputs):
          output = try await runWorkflow(
            subplan, inputs: inputs, step: step, ordinal: ordinal, prefix: prefix)
        }
      }
    } catch {
      (journalPrefix, recordsEverything) = (prefix, recordsAll)
      if let stop = error.underlying as? WorkflowStop {
        // flow.stop: this step, and each block around it, ends succeeded; the run stops.
        slots[step.slot] = stop.output
        update(step) {
          ($0.status, $0.output, $0.error, $0.runs) = (.succeeded, stop.output, nil, $0.runs + 1)
        }
        notify(
          .stepFinished(
            info(step), output: stop.output, dialog: nil, snippet: nil,
            duration: clockReading() - started))
        if shared.journal != nil, recordsAll {
          journalEnded(
            step, at: ordinal, in: prefix, status: .succeeded, output: stop.output, error: nil,
            started: started, recovered: false)
        }
        throw error
      }
      let duration = clockReading() - started
      var failure = error
      if failure.location == nil { failure.location = step.location }
      if failure.step == nil { failure.step = step.label }
      update(step) {
        $0.status = StepStatus(failure.code)
        $0.error = failure
        $0.output = .null
        ($0.dialog, $0.snippet) = (nil, nil)
        $0.runs += 1
        $0.duration += duration
      }
      if case .action = step.kind {
      } else {
        notify(.stepFailed(info(step), error: failure, willRetry: false))
      }
      slots[step.slot] = .null
      failures += 1
      let recovers =
        Self.canContinue(after: failure)
        && (step.options.onError == .continue || step.fallback != nil)
      if shared.journal != nil {
        journalEnded(
          step, at: ordinal, in: prefix, status: StepStatus(failure.code), output: .null,
          error: failure, started: started, recovered: recovers)
      }
      if step.options.onError == .continue, Self.canContinue(after: failure) {
        return previous
      }
      if let fallback = step.fallback, Self.canContinue(after: failure) {
        return try await recover(
          step, with: fallback, from: failure, previous: previous, ordinal: ordinal,
          prefix: prefix)
      }
      throw failure
    }
    let ended = clockReading()
    finish(step, output: output, dialog: dialog, snippet: snippet, duration: ended - started)
    // Past a loop's sample, a step that may have had an effect outside the run is recorded
    // still (in brief), so that `resume` does not perform it again.
    if shared.journal != nil, recordsAll || Self.mayWait(step) {
      journalEnded(
        step, at: ordinal, in: prefix, status: .succeeded, output: output, error: nil,
        started: started, recovered: false)
    } else if let captured = shared.captured {
      captured.clear()  // the entry was not made: these parameters are no later step's
    }
    restoring = false  // when the entry was not made
    return output
  }

  /// Whether a step is an intent step that may wait on the world (it does not perform inline).
  static func mayWait(_ step: PlannedStep) -> Bool {
    guard case .action(let action) = step.kind else { return false }
    return !action.descriptor.performsInline
  }

  /// Records a step that succeeded and tells the observer.
  ///
  /// A synchronous function of its own: in an async function the contexts of the closures
  /// below would be allocated in the task.
  private mutating func finish(
    _ step: PlannedStep, output: Value, dialog: String?, snippet: String?, duration: Duration
  ) {
    slots[step.slot] = output
    update(step) {
      $0.status = .succeeded
      $0.output = output
      $0.dialog = dialog
      $0.snippet = snippet
      $0.error = nil
      $0.runs += 1
      $0.duration += duration
    }
    guard configuration.isObserved, dialog != nil || snippet != nil || reportsEvents(of: step)
    else { return }
    configuration.observer(
      .stepFinished(
        info(step), output: output, dialog: dialog, snippet: snippet, duration: duration))
  }

  /// Whether the observer hears of the step's start and end: always, unless it asked to hear
  /// only of steps that may wait (``Executor/Configuration/observesEveryStep``).
  private func reportsEvents(of step: PlannedStep) -> Bool {
    if configuration.observesEveryStep { return true }
    guard case .action = step.kind else { return true }
    if let call = calls[step.index] { return call.waits }
    return Self.mayWait(step)
  }

  /// Runs an intent step, with its retries.
  nonisolated(nonsending) private mutating func perform(_ step: PlannedStep, previous: Value)
    async throws(IntentFlowError) -> (Value, String?, String?)
  {
    // A step's invocation is the same on every pass but for its values: made once per run,
    // with the step's argument sources, so that a pass does not copy the step's plan either.
    let call: ActionCall
    if let made = calls[step.index] {
      call = made
    } else {
      guard case .action(let action) = step.kind else {
        preconditionFailure("step \(step.index) is not an intent step")
      }
      call = ActionCall(
        invocation: makeInvocation(action, step: step), sources: action.sources,
        waits: !action.descriptor.performsInline)
      calls[step.index] = call
    }
    var arguments: [Value] = []
    arguments.reserveCapacity(call.sources.count)
    for source in call.sources {
      switch source {
      case .unset: arguments.append(.null)
      case .given(let value): arguments.append(try evaluate(value, step: step))
      case .previous: arguments.append(previous)
      }
    }
    let invocation = call.invocation.with(positional: arguments)
    let observer = configuration.observer
    let info = configuration.isObserved ? self.info(step) : nil
    if call.waits, shared.journal != nil { journalWillPerform(step) }
    var attempt = 0
    while true {
      attempts = attempt + 1
      do {
        let result = try await invocation.run()
        return (result.output, result.dialog, result.snippet)
      } catch {
        if error.underlying is WorkflowStop { throw error }  // flow.stop is not a failure
        var failure = error
        failure.location = failure.location ?? step.location
        let retry =
          attempt < step.options.retries && step.options.retryPolicy.retries(error.code)
        if let info { observer(.stepFailed(info, error: failure, willRetry: retry)) }
        guard retry else { throw failure }
        let delay = step.options.retryPolicy.delay(
          beforeRetry: attempt, base: step.options.retryDelay, random: configuration.random)
        attempt += 1
        update(step) { $0.runs += 1 }
        if delay > .zero { try await wait(delay, toRetry: step) }
      }
    }
  }

  /// Sleeps before a retry.
  ///
  /// A function of its own: the sleep's temporaries (of types whose size the standard library
  /// does not fix) would otherwise be allocated in the task on every pass of every step.
  @inline(never)
  private func wait(_ delay: Duration, toRetry step: PlannedStep) async throws(IntentFlowError) {
    do {
      try await configuration.environment.runEnvironment.clock.sleep(delay)
    } catch {
      throw IntentFlowError(
        .cancelled, "step '\(step.label)' was cancelled while waiting to retry",
        location: step.location, step: step.label)
    }
  }

  /// The invocation of an intent step, without its values (see ``perform(_:previous:)``).
  private func makeInvocation(_ action: ActionPlan, step: PlannedStep) -> IntentInvocation {
    var options = self.options
    options.requireConfirmation = step.options.confirm
    options.timeout = step.options.timeout ?? configuration.defaultTimeout
    let observer = configuration.observer
    var context: IntentContext
    if configuration.isObserved {
      let info = self.info(step)
      options.reportsResolvedPhase = configuration.observesResolution
      // An observer of a few steps hears of a confirmation only where one may be asked.
      if configuration.observesEveryStep || configuration.observesResolution
        || action.descriptor.asksForConfirmation || step.options.confirm
      {
        options.onPhase = { phase in
          switch phase {
          case .resolved(let parameters): observer(.stepResolved(info, parameters: parameters))
          case .confirmed: observer(.stepConfirmed(info))
          }
        }
      }
      context = IntentContext(
        dependencies: self.context.dependencies,
        progress: ProgressReporter { observer(.progress(info, $0)) }, stepID: step.id,
        interaction: configuration.interaction)
      context.log = shared.log
    } else {
      context = self.context
      context.stepID = step.id
    }
    return IntentInvocation(
      action.descriptor, positional: [], step: step.label,
      interaction: configuration.interaction, context: context, options: options)
  }

  private mutating func runWorkflow(
    _ subplan: Plan, inputs: [(name: String, value: CompiledValue)], step: PlannedStep,
    ordinal: Int, prefix: String
  ) async throws(IntentFlowError) -> Value {
    var given: [String: Value] = [:]
    for (name, value) in inputs { given[name] = try evaluate(value, step: step) }
    var nested = configuration
    // The other workflow's steps are recorded below this step.
    nested.journal?.pathPrefix = prefix + String(ordinal) + "."
    nested.journal?.recordsEverything = recordsEverything
    let outer = configuration.observer
    let info = StepInfo(
      index: step.index, id: step.id, label: step.label, intent: nil, location: step.location)
    nested.observer = { event in
      switch event {
      case .stepFinished(_, _, let dialog?, _, _):
        outer(.progress(info, ProgressReporter.Update(completed: 0, total: nil, message: dialog)))
      case .progress(_, let update):
        // Progress of the other workflow's steps, and so the dialogs of workflows it runs.
        outer(.progress(info, update))
      default:
        break
      }
    }
    let result = await Executor(configuration: nested).run(subplan, inputs: given)
    if let error = result.error {
      var failure = error
      failure.message = "in workflow '\(subplan.workflow.source.path)': \(error.message)"
      throw failure
    }
    return result.output
  }

  private func repeatCount(_ count: CompiledValue, step: PlannedStep) throws(IntentFlowError) -> Int
  {
    let value = try evaluate(count, step: step)
    guard case .integer(let times)? = try? value.coerced(to: .integer), times >= 0 else {
      throw IntentFlowError(
        .unsupported,
        "step '\(step.label)': the repeat count must be a whole number, 0 or more, not "
          + "'\(value.textDescription)'", location: step.location, step: step.label)
    }
    guard times <= RepeatStep.maximumCount else {
      throw IntentFlowError(
        .unsupported,
        "step '\(step.label)': the repeat count \(times) is over the limit of "
          + "\(RepeatStep.maximumCount) passes; split the work (a forEach over its items, or "
          + "several runs)", location: step.location, step: step.label)
    }
    return times
  }

  private func evaluate(_ value: CompiledValue, step: PlannedStep) throws(IntentFlowError) -> Value
  {
    do {
      if shared.secrets != nil { return try traced(value) }
      return try Evaluator.value(value, slots, configuration.environment)
    } catch {
      throw Self.failure(error, step: step)
    }
  }

  private func evaluate(_ expression: CompiledExpression, step: PlannedStep) throws(IntentFlowError)
    -> Value
  {
    do {
      return try Evaluator.evaluate(expression, slots, configuration.environment)
    } catch {
      throw Self.failure(error, step: step)
    }
  }

  func evaluate(_ value: CompiledValue, at location: SourceLocation) throws(IntentFlowError)
    -> Value
  {
    do {
      if shared.secrets != nil { return try traced(value) }
      return try Evaluator.value(value, slots, configuration.environment)
    } catch {
      throw IntentFlowError(
        .failed, "the workflow's output: \(error.message)", location: error.location ?? location)
    }
  }

  /// The value, with each text of it that shows a secret reported first (see
  /// ``Executor/Configuration/onSecretText``).
  private func traced(_ value: CompiledValue) throws(EvaluationError) -> Value {
    guard let secrets = shared.secrets, let report = configuration.onSecretText,
      secrets.reads(value)
    else { return try Evaluator.value(value, slots, configuration.environment) }
    var texts: [SecretText] = []
    let result = try Evaluator.tracedValue(
      value, slots, configuration.environment, secrets: secrets, into: &texts)
    for text in texts { report(text) }
    return result
  }

  private static func failure(_ error: EvaluationError, step: PlannedStep) -> IntentFlowError {
    IntentFlowError(
      .failed, "step '\(step.label)': \(error.message)", location: error.location ?? step.location,
      step: step.label)
  }

  /// Whether `onError: continue` applies: not to runs stopped for a person's answer, nor
  /// to cancellation.
  static func canContinue(after error: IntentFlowError) -> Bool {
    switch error.code {
    case .failed, .unsupported, .timedOut, .confirmationFailed: return true
    default: return false
    }
  }

  /// Changes a step's record in place in the list, as a loop does on every pass.
  private mutating func update(_ step: PlannedStep, _ change: (inout StepRecord) -> Void) {
    // Reading the element to test it for nil would copy it too: change it if it is there.
    guard records[step.index]?.apply(change) == nil else { return }
    var record = StepRecord(
      index: step.index, id: step.id, label: step.label, intent: step.intent,
      kind: step.kindName, location: step.location, status: .succeeded)
    change(&record)
    records[step.index] = record
  }
}

extension StepRecord {
  /// Lets `change` modify the record where it is (through optional chaining, in place).
  fileprivate mutating func apply(_ change: (inout StepRecord) -> Void) {
    change(&self)
  }
}

/// The continuous clock's time, as the duration since a fixed instant: a step's duration is
/// the difference of two readings.
///
/// Not inlined, and no `Instant` in its callers: `ContinuousClock.Instant` is not frozen in the
/// standard library, so an async function allocates each one it holds in the task.
@inline(never)
func clockReading() -> Duration {
  ContinuousClock.now - clockOrigin
}

/// The instant ``clockReading()`` counts from.
private let clockOrigin = ContinuousClock.now
