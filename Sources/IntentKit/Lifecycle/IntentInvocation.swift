// Hot code (Docs/Performance.md, "Rules for hot code"): the lifecycle runs once for every step,
// and with the executor it makes the engine's overhead per step (goal: 1 µs) and its
// allocations per step (checked by `Scripts/check-performance.sh`). So most parameters are
// resolved without an async call (`resolvedAtOnce`); the invocation's fields sit behind one
// reference (`IntentInvocation.Storage.swift`); the lifecycle runs on its caller's executor
// (`nonisolated(nonsending)`); and a `NonSuspendingIntent`'s `confirm()` and `perform()` are
// called by the lifecycle itself, with no task, timer or function of the engine's in between.

import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs one intent through the whole lifecycle: resolve every parameter, confirm, perform.
///
/// This is what the workflow executor does for each step, and what tests use to run an
/// intent without the CLI (Apple's `performForTesting()`):
/// ```swift
/// let result = try await IntentInvocation(
///   registry.intent("todos.add")!, arguments: ["title": .text("Buy milk")]
/// ).run()
/// ```
public struct IntentInvocation: Sendable {
  /// How the invocation behaves around people and time.
  public struct Options: Sendable {
    /// Answer every confirmation with yes (`--yes`).
    public var assumeYes = false
    /// Ask for confirmation even when the intent does not (a step's `"confirm": true`).
    public var requireConfirmation = false
    /// The limit on `perform()`; `nil` for none. For a ``LongRunningIntent`` it counts from
    /// the latest progress report.
    public var timeout: Duration? = .seconds(30)
    /// How many times one parameter may be asked for before the run gives up.
    public var maximumPrompts = 10
    /// The clock whose timers time `perform()` (``RunClock/startTimer``): the live clock by
    /// default (dispatch timers on the monotonic clock, no task per step); the executor passes
    /// its run environment's. Tests pass a manual clock.
    public var clock: RunClock = .live
    /// A shorthand for ``clock``: setting a sleep makes the clock's sleeps and timers run on
    /// it (a test's instant sleep or manual clock), keeping its `now`; `nil` sets the live
    /// clock. Reading gives the clock's sleep.
    public var sleep: (@Sendable (Duration) async throws -> Void)? {
      get { clock.sleep }
      set { clock = newValue.map { RunClock(now: clock.now, sleep: $0) } ?? .live }
    }
    /// Why the run is being cancelled, asked when cancellation reaches the intent.
    public var cancellationReason: @Sendable () -> CancellationReason = {
      .stopped("the run was cancelled")
    }
    /// Told when the parameters are resolved and when the intent is confirmed.
    public var onPhase: (@Sendable (Phase) -> Void)?
    /// Whether ``onPhase`` is told of the resolved phase (whose dictionary is made for it);
    /// `false` tells it of confirmation only.
    public var reportsResolvedPhase = true
    /// Told the resolved values by position (the descriptor's parameter names, and the values
    /// in their order), without making a dictionary: for whoever keeps them only sometimes.
    public var onResolvedValues: (@Sendable (_ names: [String], _ values: [Value]) -> Void)?
    /// How long (wall-clock time) a timed-out or cancelled intent is awaited to wind down
    /// before the step reports; zero does not wait. Either way it can no longer commit changes
    /// (see ``StepLease``).
    public var cancellationGrace: Duration = .seconds(2)
    /// Told of each stopped intent still running once its grace is over (see ``Overrun``);
    /// `nil`: nobody is told, and such work is left to end on its own all the same.
    public var onOverrun: (@Sendable (Overrun) -> Void)?
    public init() {}
  }

  /// A lifecycle phase that has completed.
  public enum Phase: Sendable {
    /// Every parameter has its value.
    case resolved([String: Value])
    /// The confirm phase said go ahead (or the user did).
    case confirmed
  }

  public var descriptor: IntentDescriptor {
    get { storage.fields.descriptor }
    set { storage = storage.with { $0.descriptor = newValue } }
  }
  /// Parameter values by name, already evaluated; an absent name is unset.
  public var arguments: [String: Value] {
    get { storage.fields.arguments }
    set { storage = storage.with { $0.arguments = newValue } }
  }
  /// The step's label in messages: its id, or the intent's identifier.
  public var step: String {
    get { storage.fields.step }
    set { storage = storage.with { $0.step = newValue } }
  }
  public var interaction: any InteractionHandler {
    get { storage.fields.interaction }
    set { storage = storage.with { $0.interaction = newValue } }
  }
  public var context: IntentContext {
    get { storage.fields.context }
    set { storage = storage.with { $0.context = newValue } }
  }
  public var options: Options {
    get { storage.fields.options }
    set { storage = storage.with { $0.options = newValue } }
  }

  private var storage: Storage

  /// Prepares an invocation.
  public init(
    _ descriptor: IntentDescriptor, arguments: [String: Value] = [:], step: String? = nil,
    interaction: any InteractionHandler = NonInteractiveHandler(),
    context: IntentContext = IntentContext(), options: Options = Options()
  ) {
    var context = context
    context.interaction = interaction
    storage = Storage(
      Storage.Fields(
        descriptor: descriptor, arguments: arguments,
        step: step ?? descriptor.identifier.rawValue, interaction: interaction, context: context,
        options: options))
  }

  /// Prepares an invocation whose values are given by position, one for each of the
  /// descriptor's parameters (`null` for unset, as an absent argument counts), as the executor
  /// binds them at plan time.
  ///
  /// The result's ``Result/parameters`` are empty, unless ``Options/onPhase`` is set: the
  /// executor reads the resolved values only through that phase, and a step does not collect
  /// them for nobody.
  ///
  /// The context's ``IntentContext/interaction`` must be `interaction` already: it is not set
  /// again here (setting it makes a new box for the context's shared fields).
  package init(
    _ descriptor: IntentDescriptor, positional: [Value], step: String,
    interaction: any InteractionHandler, context: IntentContext, options: Options
  ) {
    storage = Storage(
      Storage.Fields(
        descriptor: descriptor, arguments: [:], step: step, interaction: interaction,
        context: context, options: options))
    self.positional = positional
  }

  /// This invocation with other values by position (see
  /// ``init(_:positional:step:interaction:context:options:)``).
  ///
  /// - Complexity: O(1): the other fields are shared, not copied.
  package func with(positional: [Value]) -> IntentInvocation {
    var copy = self
    copy.positional = positional
    return copy
  }

  /// Parameter values by position; when set, ``arguments`` is not read.
  private var positional: [Value]?

  /// What a finished invocation produced.
  public struct Result: Sendable {
    /// The value `perform()` returned (`null` for none).
    public var output: Value
    public var dialog: String?
    public var snippet: String?
    var names: [String]
    var values: [Value]

    init(output: Value, dialog: String?, snippet: String?, names: [String], values: [Value]) {
      self.output = output
      self.dialog = dialog
      self.snippet = snippet
      self.names = names
      self.values = values
    }

    /// A result with no parameters' values, as a ``NonSuspendingIntent`` makes it.
    @usableFromInline
    init(output: Value, dialog: String?, snippet: String?) {
      self.init(output: output, dialog: dialog, snippet: snippet, names: [], values: [])
    }

    /// Every parameter's resolved value.
    public var parameters: [String: Value] {
      Dictionary(zip(names, values)) { first, _ in first }
    }
  }

  /// Resolves, confirms and performs.
  ///
  /// - Throws: ``IntentFlowError`` with code `needsValue`, `disambiguation`, `unsupported`,
  ///   `confirmationRequired`, `confirmationFailed`, `failed`, `timedOut` or `cancelled`.
  public func run() async throws(IntentFlowError) -> Result {
    let details = storage.details
    let lease = StepLease()
    var context = context
    context.lease = lease
    if details.isLongRunning {
      context.progress = context.progress.then(ProgressReporter { _ in lease.noteActivity() })
    }
    // One task-local binding for the whole lifecycle: queries, resolve rules, confirm() and
    // perform() (whose task inherits it) all see the step's context.
    do {
      return try await IntentContext.$current.withValue(context) {
        try await lifecycle(details, lease: lease)
      }
    } catch let error as IntentFlowError {
      throw error
    } catch {
      throw failure(error, doing: nil, parameter: nil)
    }
  }

  // For a `NonSuspendingIntent` the lifecycle calls the intent's `confirm()` and `perform()`
  // itself (see the file's header), hence the second path below.
  nonisolated(nonsending) private func lifecycle(
    _ details: IntentDescriptor.Details, lease: StepLease
  )
    async throws(IntentFlowError) -> Result
  {
    let inline = details.performsInline
    let instance = inline ? details.pool.take(details.instantiate) : details.instantiate()
    defer { if inline { details.pool.giveBack(instance) } }
    let keepsValues =
      positional == nil || (options.onPhase != nil && options.reportsResolvedPhase)
      || options.onResolvedValues != nil
    var values: [Value] = []
    if keepsValues { values.reserveCapacity(details.parameters.count) }
    for index in details.parameters.indices {
      // An absent argument and `null` are the same to resolution.
      let given: Value
      if let positional {
        given = positional[index]
      } else {
        given = arguments[details.names[index]] ?? .null
      }
      let slot = instance.slotList[index]
      let value: Value
      if let quick = Self.resolvedAtOnce(details, index, slot: slot, given: given) {
        value = quick
      } else {
        value = try await resolve(details.parameters[index], slot: slot, given: given)
      }
      slot.set(value)
      if keepsValues { values.append(value) }
    }
    if let onPhase = options.onPhase, options.reportsResolvedPhase {
      onPhase(.resolved(Dictionary(zip(details.names, values)) { first, _ in first }))
    }
    options.onResolvedValues?(details.names, values)
    let names = keepsValues ? details.names : []
    guard inline, let work = instance.inline else {
      try await confirm(instance)
      options.onPhase?(.confirmed)
      let result = try await perform(instance, lease: lease, details: details)
      return Result(
        output: result.value, dialog: result.dialog, snippet: result.snippet, names: names,
        values: values)
    }
    let confirmation: ConfirmationResult
    do {
      confirmation = try await work.confirm()
    } catch {
      throw failure(error, doing: "confirming", parameter: nil)
    }
    if confirmation != .ready || options.requireConfirmation {
      try await settle(confirmation)
    }
    options.onPhase?(.confirmed)
    // What `Deadline.run` gives an intent that finishes without suspending, with no task,
    // timer, continuation or cancellation handler, since nothing can decide the step while
    // the work runs without suspending: a run cancelled before the work begins never starts
    // it; once begun, the work's value or error is the outcome, and no timeout applies; the
    // lease is revoked as the work ends. An intent that suspends anyway is awaited here, in
    // the run's task, whose cancellation it sees.
    if Task.isCancelled {
      let why = options.cancellationReason()
      lease.decide(.cancelled(why))
      throw IntentFlowError(.cancelled, "step '\(step)' was cancelled: \(why)", step: step)
    }
    defer { lease.revoke() }
    do {
      var result = try await work.perform()
      result.names = names
      result.values = values
      return result
    } catch {
      throw performFailure(error)
    }
  }

  // MARK: Resolve

  /// The value of a parameter whose resolution needs nothing asynchronous — no entity to look
  /// up, no resolve rule, nobody to ask — as ``resolve(_:slot:given:)`` would find it on its
  /// first pass; `nil` when that pass must run (it then decides everything again the same way).
  ///
  /// Most parameters of most steps take this path, with no async call.
  private static func resolvedAtOnce(
    _ details: IntentDescriptor.Details, _ index: Int, slot: ParameterSlot, given: Value
  ) -> Value? {
    guard slot.resolver == nil else { return nil }
    let type = details.parameters[index].type
    switch type {
    case .entity, .list(.entity): return nil
    case .text:
      // Text given for text, the commonest case: only its emptiness needs checking.
      if case .text(let text) = given, !Value.isBlank(text) { return given }
    default: break
    }
    var value = given
    if value.isMissing(for: type) {
      let parameter = details.parameters[index]
      if let fallback = parameter.defaultValue, !fallback.isMissing(for: type) {
        value = fallback
      } else {
        return parameter.isOptional ? .null : nil
      }
    }
    return try? value.coerced(to: type)
  }

  nonisolated(nonsending) private func resolve(
    _ parameter: ParameterDescriptor, slot: ParameterSlot, given: Value
  )
    async throws(IntentFlowError) -> Value
  {
    var value = given
    // An empty value (null from a skipped step, blank text from an input) leaves the
    // parameter unset, so its default applies: it is not required (see `isRequired`).
    if value.isMissing(for: parameter.type), let fallback = parameter.defaultValue {
      value = fallback
    }
    var fromPerson = false
    for _ in 0..<options.maximumPrompts {
      let outcome = try await resolveOnce(parameter, slot: slot, value: value)
      switch outcome.resolution {
      case .success(let resolved):
        return resolved
      case .needsValue(let prompt):
        let request = ValueRequest(
          step: step, intent: descriptor.identifier, parameter: parameter,
          prompt: prompt ?? parameter.question, reason: outcome.reason,
          suggestions: outcome.suggestions)
        guard let answer = try await ask({ try await interaction.requestValue(request) }) else {
          throw needsValueError(request)
        }
        value = answer
        fromPerson = true
      case .disambiguation(let candidates, let prompt):
        let request = ChoiceRequest(
          step: step, intent: descriptor.identifier, parameter: parameter,
          prompt: prompt ?? "Which \(parameter.type.entityType?.name ?? "one") did you mean?",
          candidates: candidates)
        guard let index = try await ask({ try await interaction.requestChoice(request) }),
          candidates.indices.contains(index)
        else {
          throw IntentFlowError(
            .disambiguation,
            "step '\(step)' needs a choice for '\(parameter.name)': \(outcome.reason ?? request.prompt) "
              + "(candidates: \(Self.list(candidates)))",
            step: step, parameter: parameter.name, candidates: candidates)
        }
        value = candidates[index]
        fromPerson = true
      case .unsupported(let reason):
        let request = ValueRequest(
          step: step, intent: descriptor.identifier, parameter: parameter,
          prompt: parameter.question, reason: reason, suggestions: outcome.suggestions)
        guard fromPerson,
          let answer = try await ask({ try await interaction.requestValue(request) })
        else {
          throw IntentFlowError(
            .unsupported, "step '\(step)': '\(parameter.name)' is unsupported: \(reason)",
            step: step, parameter: parameter.name)
        }
        value = answer
      case .confirmationRequired(let candidate, let prompt):
        let request = ConfirmationRequest(step: step, intent: descriptor.identifier, prompt: prompt)
        let answer =
          options.assumeYes
          ? true : try await ask({ try await interaction.requestConfirmation(request) })
        switch answer {
        case true?: return candidate
        case false?:
          value = .null
          fromPerson = true
        case nil:
          throw IntentFlowError(
            .confirmationRequired,
            "step '\(step)' needs confirmation of '\(parameter.name)': \(prompt)",
            step: step, parameter: parameter.name, candidates: [candidate])
        }
      }
    }
    throw IntentFlowError(
      .needsValue,
      "step '\(step)' gave up on '\(parameter.name)' after \(options.maximumPrompts) attempts",
      step: step, parameter: parameter.name)
  }

  private struct Outcome {
    var resolution: ParameterResolution<Value>
    var reason: String?
    var suggestions: [Value] = []
  }

  nonisolated(nonsending) private func resolveOnce(
    _ parameter: ParameterDescriptor, slot: ParameterSlot, value: Value
  )
    async throws(IntentFlowError) -> Outcome
  {
    if value.isMissing(for: parameter.type) {
      if parameter.isOptional { return Outcome(resolution: .success(.null)) }
      return Outcome(
        resolution: .needsValue(prompt: nil), reason: nil,
        suggestions: try await suggestions(for: parameter))
    }
    let coerced: Value
    do {
      coerced = try value.coerced(to: parameter.type)
    } catch {
      return Outcome(resolution: .unsupported(reason: error.message))
    }
    var candidate = coerced
    switch parameter.type {
    case .entity(let type):
      let lookup = try await lookUp(coerced, as: type, parameter: parameter)
      guard let entity = lookup.entity else { return lookup.outcome }
      candidate = entity
    case .list(.entity(let type)):
      var items: [Value] = []
      for (index, item) in coerced.listItems.enumerated() {
        let lookup = try await lookUp(item, as: type, parameter: parameter)
        guard let entity = lookup.entity else {
          let why = lookup.outcome.reason ?? "it names no \(type.name)"
          return Outcome(resolution: .unsupported(reason: "item \(index + 1): \(why)"))
        }
        items.append(entity)
      }
      candidate = .list(items)
    default:
      break
    }
    guard let resolver = slot.resolver else { return Outcome(resolution: .success(candidate)) }
    do {
      return Outcome(resolution: try await resolver(candidate))
    } catch {
      throw failure(error, doing: "resolving '\(parameter.name)'", parameter: parameter.name)
    }
  }

  /// Turns text or a number into an entity through its type's query.
  private func lookUp(_ value: Value, as type: EntityType, parameter: ParameterDescriptor)
    async throws(IntentFlowError) -> (entity: Value?, outcome: Outcome)
  {
    if case .entity = value { return (value, Outcome(resolution: .success(value))) }
    let text = value.textDescription.trimming(.whitespacesAndNewlines)
    let found: [AnyEntity]
    do {
      let byID = try await type.entities(for: [text])
      found = byID.count == 1 ? byID : try await type.entities(matching: text)
    } catch {
      throw failure(error, doing: "looking up \(type.name) '\(text)'", parameter: parameter.name)
    }
    switch found.count {
    case 1:
      return (.entity(found[0]), Outcome(resolution: .success(.entity(found[0]))))
    case 0:
      let reason = "no \(type.name) matches '\(text)'"
      return (
        nil,
        Outcome(
          resolution: .needsValue(prompt: nil), reason: reason,
          suggestions: try await suggestions(for: parameter))
      )
    default:
      let reason = "\(found.count) \(type.name)s match '\(text)'"
      return (
        nil,
        Outcome(
          resolution: .disambiguation(
            found.map(Value.entity), prompt: "Several \(type.name)s match '\(text)'. Which one?"),
          reason: reason)
      )
    }
  }

  private func suggestions(for parameter: ParameterDescriptor) async throws(IntentFlowError)
    -> [Value]
  {
    let entityType: EntityType
    switch parameter.type {
    case .entity(let type), .list(.entity(let type)): entityType = type
    default: return []
    }
    do {
      let ranking = context.dependencies.entityRanking
      return try await ranking.ordered(entityType.suggestedEntities()).map(Value.entity)
    } catch {
      throw failure(
        error, doing: "listing \(entityType.name) suggestions", parameter: parameter.name)
    }
  }

  private func needsValueError(_ request: ValueRequest) -> IntentFlowError {
    var message = "step '\(step)' needs a value for '\(request.parameter.name)': \(request.prompt)"
    if let reason = request.reason { message += " (\(reason))" }
    if !request.suggestions.isEmpty {
      message += "; suggestions: \(Self.list(request.suggestions))"
    }
    return IntentFlowError(
      .needsValue, message, step: step, parameter: request.parameter.name,
      candidates: request.suggestions)
  }

  // MARK: Confirm

  nonisolated(nonsending) private func confirm(_ instance: IntentInstance)
    async throws(IntentFlowError)
  {
    let result: ConfirmationResult
    do {
      result = try await instance.confirm()
    } catch {
      throw failure(error, doing: "confirming", parameter: nil)
    }
    try await settle(result)
  }

  /// Acts on what `confirm()` said: goes ahead, fails, or asks.
  nonisolated(nonsending) private func settle(_ result: ConfirmationResult)
    async throws(IntentFlowError)
  {
    var prompt: String
    switch result {
    case .ready:
      guard options.requireConfirmation else { return }
      prompt = "Run '\(descriptor.title)'?"
    case .failure(let reason):
      throw IntentFlowError(
        .confirmationFailed, "step '\(step)' cannot go ahead: \(reason)", step: step)
    case .needsUserConfirmation(let question):
      prompt = question
    }
    if options.assumeYes { return }
    let request = ConfirmationRequest(step: step, intent: descriptor.identifier, prompt: prompt)
    switch try await ask({ try await interaction.requestConfirmation(request) }) {
    case true?: return
    case false?:
      throw IntentFlowError(
        .confirmationRequired, "step '\(step)' was not confirmed: \(prompt)", step: step)
    case nil:
      prompt = "step '\(step)' needs confirmation: \(prompt)"
      throw IntentFlowError(.confirmationRequired, prompt, step: step)
    }
  }

  // MARK: Perform

  nonisolated(nonsending) private func perform(
    _ instance: IntentInstance, lease: StepLease, details: IntentDescriptor.Details
  ) async throws(IntentFlowError) -> ErasedResult {
    do {
      return try await Deadline.run(
        lease: lease, timeout: options.timeout, restartsOnProgress: details.isLongRunning,
        grace: options.cancellationGrace, clock: options.clock,
        reason: options.cancellationReason, onCancel: instance.onCancel,
        onOverrun: overrunReport, operation: instance.perform)
    } catch {
      throw performFailure(error)
    }
  }

  /// What ``Deadline`` calls for work still running after its grace: ``Options/onOverrun``
  /// with the step's label.
  private var overrunReport: (@Sendable (Task<Void, Never>, CancellationReason) -> Void)? {
    guard let report = options.onOverrun else { return nil }
    let step = step
    let grace = options.cancellationGrace
    return { work, reason in report(Overrun(step: step, reason: reason, grace: grace, work: work)) }
  }

  /// What a step reports when `perform()` (or its deadline) ended with `error`.
  private func performFailure(_ error: any Error) -> IntentFlowError {
    guard var error = error as? IntentFlowError else {
      return failure(error, doing: nil, parameter: nil)
    }
    error.step = error.step ?? step
    if error.code == .timedOut || error.code == .cancelled {
      error.message = "step '\(step)' \(error.message)"
    }
    return error
  }

  // MARK: Helpers

  nonisolated(nonsending) private func ask<T>(_ question: () async throws -> T?)
    async throws(IntentFlowError) -> T?
  {
    do {
      return try await question()
    } catch is CancellationError {
      throw IntentFlowError(
        .cancelled, "step '\(step)' was cancelled: \(options.cancellationReason())", step: step)
    } catch {
      throw IntentFlowError(
        .failed, "step '\(step)': could not ask: \(error)", step: step, underlying: error)
    }
  }

  private func failure(_ error: any Error, doing activity: String?, parameter: String?)
    -> IntentFlowError
  {
    if let error = error as? IntentFlowError { return error }
    if error is CancellationError {
      return IntentFlowError(
        .cancelled, "step '\(step)' was cancelled: \(options.cancellationReason())", step: step)
    }
    let what = activity.map { " while \($0)" } ?? ""
    return IntentFlowError(
      .failed, "step '\(step)' (\(descriptor.identifier)) failed\(what): \(error)", step: step,
      parameter: parameter, underlying: error)
  }

  static func list(_ values: [Value], limit: Int = 10) -> String {
    var items = values.prefix(limit).map { "'\($0.textDescription)'" }
    if values.count > limit { items.append("and \(values.count - limit) more") }
    return items.joined(separator: ", ")
  }
}
