public import IntentKit

/// A validated workflow, ready to run: every intent found, every reference bound to a slot,
/// every type checked. Making a plan is where all static validation happens; running one
/// cannot fail for a reason that could have been known before the first step.
public struct Plan: Sendable {
  public var workflow: Workflow
  public var inputs: [PlannedInput]
  public var steps: [PlannedStep]
  /// The output expression; `nil` means the last top-level step's output.
  public var output: CompiledValue?
  public var outputType: ValueType
  /// How many value slots a run needs (inputs, step outputs, loop variables).
  public var slotCount: Int
  /// How many steps there are, nested ones included (each has an ``PlannedStep/index``).
  public var stepCount: Int
  /// By step index: whether anything can read the step's output (see `Plan+Readers.swift`).
  let outputIsRead: [Bool]
  /// Problems that do not stop the workflow from running, such as a scheduled run that
  /// would stop for a confirmation; `validate`, `schedule` and `crontab` print them.
  public var warnings: [Diagnostic] = []
  /// The `onFailure` steps, run after the run failed, timed out or was cancelled (see
  /// ``Executor/handleFailure(of:in:inputs:run:)``); `nil` when the file has none.
  public var onFailure: FailureHandler?

  /// Every step, depth first, in file order.
  public var allSteps: [PlannedStep] { Self.allSteps(of: steps) }

  /// Every step of `steps` and the blocks in them, depth first, in file order.
  static func allSteps(of steps: [PlannedStep]) -> [PlannedStep] {
    var result: [PlannedStep] = []
    walk(steps) { step in
      result.append(step)
      return true
    }
    return result
  }
}

/// A workflow input with its checked type and default.
public struct PlannedInput: Sendable {
  public var name: String
  public var type: ValueType
  public var defaultValue: Value?
  public var description: String?
  public var location: SourceLocation
  var slot: Int
  /// `"secret": true`: shown as `***`.
  public var isSecret = false
  /// `"env": "NAME"`: the environment variable that gives the value when the run gives none.
  public var environmentName: String?

  /// The input as a parameter, for prompts.
  public var parameter: ParameterDescriptor {
    ParameterDescriptor(
      name: name, title: name, description: description, type: type,
      defaultValue: defaultValue,
      prompt: description.map { "\($0) (\(name))" } ?? "Value for input '\(name)'?")
  }
}

/// One step of a plan.
public struct PlannedStep: Sendable {
  /// Position among all the plan's steps, depth first.
  public var index: Int
  public var id: String?
  /// How messages name the step: its id, or its intent's identifier, or its kind.
  public var label: String
  public var location: SourceLocation
  public var condition: CompiledExpression?
  public var options: StepOptions
  public var outputType: ValueType
  public var kind: Kind
  var slot: Int
  /// A `forEach`'s `where`, `index` and `concurrency` (the defaults for other steps).
  public var forEachOptions = ForEachOptions()
  /// `onError` as a list of steps, run when the step fails.
  public var fallback: Fallback?

  /// What the step does.
  public indirect enum Kind: Sendable {
    case action(ActionPlan)
    case forEach(items: CompiledValue, itemSlot: Int, body: [PlannedStep])
    case branch(condition: CompiledExpression, then: [PlannedStep], otherwise: [PlannedStep])
    case repeatLoop(count: CompiledValue, passSlot: Int?, body: [PlannedStep])
    case workflow(Plan, inputs: [(name: String, value: CompiledValue)])
  }

  /// The intent's identifier for an action step.
  public var intent: IntentIdentifier? {
    if case .action(let action) = kind { return action.descriptor.identifier }
    return nil
  }

  /// The step's kind as a word: `intent`, `forEach`, `if`, `repeat`, `workflow`.
  public var kindName: String {
    switch kind {
    case .action: return "intent"
    case .forEach: return "forEach"
    case .branch: return "if"
    case .repeatLoop: return "repeat"
    case .workflow: return "workflow"
    }
  }
}

/// The steps `onError` runs instead of a failed step, with `${error}` bound.
public struct Fallback: Sendable {
  public var steps: [PlannedStep]
  /// The slot of `error`: `{step, kind, message}`.
  var errorSlot: Int
}

/// A workflow's `onFailure` steps, with `${run}` bound.
public struct FailureHandler: Sendable {
  public var steps: [PlannedStep]
  /// The slot of `run`: `{id, workflow, status, exitCode, trigger, startedAt, error}`.
  var runSlot: Int
}

/// How a `forEach` picks and runs its passes.
public struct ForEachOptions: Sendable {
  /// `where`, over the loop variable: the items for which it is false are dropped.
  public var filter: CompiledExpression?
  /// The slot of the `index` variable: the pass number from 1 over the items kept.
  var indexSlot: Int?
  /// How many passes may run at once.
  public var concurrency = 1
}

/// An intent step's plan.
///
/// What all steps of an intent share (its descriptor, its parameters' names) is kept once, in
/// the intent's ``PlannedIntent``: a step holds one reference to it, not a copy of each field.
public struct ActionPlan: Sendable {
  /// The intent, as planning read it.
  let intent: PlannedIntent
  /// Each parameter's value source, by position (see `Plan+Binding.swift`).
  let sources: [ArgumentSource]
  /// The positions of the given arguments in the order the file gives them, when that is not
  /// the parameters' order; `nil` when it is (then no list is kept).
  let givenOrder: [Int]?
  /// Whether the intent's input parameter takes the previous step's output.
  let chainsInput: Bool

  public var descriptor: IntentDescriptor { intent.descriptor }

  /// The parameter that takes the previous step's output, when the step leaves it unset.
  public var implicitInput: String? { chainsInput ? intent.input?.name : nil }

  /// The parameters' names, by position: the descriptor's list, shared by the intent's steps.
  var names: [String] { intent.names }

  /// The values the step gives its parameters, in the order the file gives them.
  ///
  /// - Complexity: O(*n*) in the number of parameters: the list is made from ``sources``
  ///   when asked for, so that planning a step keeps one list of its values, not two.
  public var arguments: [(name: String, value: CompiledValue)] {
    let positions =
      givenOrder
      ?? sources.indices.filter { if case .given = sources[$0] { true } else { false } }
    return positions.compactMap { position in
      guard case .given(let value) = sources[position] else { return nil }
      return (names[position], value)
    }
  }
}

/// An expression with its references bound to slots.
public indirect enum CompiledExpression: Sendable {
  case literal(Value)
  case slot(Int, path: [PathComponent], text: String, location: SourceLocation)
  case inputs([(name: String, slot: Int)])
  case not(CompiledExpression)
  case and(CompiledExpression, CompiledExpression)
  case or(CompiledExpression, CompiledExpression)
  case compare(CompiledExpression, ComparisonOperator, CompiledExpression)
  case contains(CompiledExpression, CompiledExpression)
  case arithmetic(
    CompiledExpression, ArithmeticOperator, CompiledExpression, location: SourceLocation)
  case negate(CompiledExpression, location: SourceLocation)
  case coalesce(CompiledExpression, CompiledExpression)
  /// `base[index]` with an index computed at run time.
  case subscripted(
    CompiledExpression, index: CompiledExpression, text: String, location: SourceLocation)
  /// A path read from a computed value.
  case member(CompiledExpression, [PathComponent], text: String, location: SourceLocation)
  /// A name the run provides: `now`, `today`, `env.NAME`, `run.id`, `workflow.directory`.
  case runValue(RunValue)
}

/// A value that comes from the run rather than from the workflow's steps.
public enum RunValue: Sendable, Hashable {
  /// `now`: the current time when evaluated.
  case now
  /// `today`: the start of the current day in the run's time zone.
  case today
  /// `env.NAME`: an environment variable as text, null when unset.
  case environment(String)
  /// `run.id`: the run's identifier.
  case runID
  /// `workflow.directory`: the folder of the workflow file at this path.
  case workflowDirectory(path: String)
}

/// A value with its expressions compiled.
///
/// Only a literal is boxed (a ``Value`` is five words, and copied through its type's value
/// witnesses): an expression is a box already, and a list, an object or an interpolation an
/// array, so a box around them was one more allocation for each parameter of each step.
public enum CompiledValue: Sendable {
  indirect case literal(Value)
  /// Exactly one `${…}`: the typed value.
  case expression(CompiledExpression)
  /// Text with expressions in it: always text.
  case interpolation([Segment])
  case list([CompiledValue])
  case dictionary([(key: String, value: CompiledValue)])

  public enum Segment: Sendable {
    case text(String)
    case expression(CompiledExpression)
  }
}
