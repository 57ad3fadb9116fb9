public import IntentKit

/// A workflow file as written: decoded, with the source location of everything in it, but
/// not yet checked against the intents (see ``Planner``).
public struct Workflow: Sendable {
  /// The file it came from.
  public var source: WorkflowSource
  public var name: String
  public var description: String?
  public var inputs: [WorkflowInput]
  public var steps: [WorkflowStep]
  /// The expression for the workflow's output; `nil` means the last step's output.
  public var output: ValueSource?
  public var schedule: WorkflowSchedule?
  /// Where the top-level object starts.
  public var location: SourceLocation
  /// Ids of steps that could not be decoded (already reported).
  var brokenStepIDs: Set<String> = []
  /// What people say to run it (`intentflow say`); `${NAME}` takes input NAME's value.
  public var phrases: [String] = []
  /// `onFailure`: the steps that run after the run failed, timed out or was cancelled, with
  /// `${run}` bound (DESIGN §12); `nil` when the file has none.
  public var onFailure: [WorkflowStep]? = nil
}

/// A declared input: `"title": { "type": "text", "default": "Buy bread" }`.
public struct WorkflowInput: Sendable {
  public var name: String
  public var location: SourceLocation
  /// The type's name as written (`text`, `integer`, `list`…; see `ValueType.named`).
  public var typeName: String
  public var typeLocation: SourceLocation
  public var defaultValue: Value?
  public var defaultLocation: SourceLocation?
  public var description: String?
  /// `"secret": true`: the value is shown as `***` wherever the run shows or stores text.
  public var isSecret = false
  /// `"env": "NAME"`: the environment variable that gives the value when the run gives none.
  public var environmentName: String?
}

/// One step: an intent to run, or a block (`forEach`, `if`/`then`/`else`, `repeat`, another
/// workflow), with its options.
public struct WorkflowStep: Sendable {
  /// The step's `id`, unique in the file.
  public var id: String?
  public var idLocation: SourceLocation?
  /// Where the step's object starts.
  public var location: SourceLocation
  /// The step-level `if`: run only when true. (For a branch, its condition is in ``Kind``.)
  public var condition: Condition?
  public var options: StepOptions
  public var kind: Kind
  /// `onError` as a list of steps: what runs instead when the step fails.
  public var fallback: [WorkflowStep]?

  /// What the step does.
  ///
  /// An intent step (most steps) is stored inline; the blocks, rarer and larger, are boxed,
  /// so that they do not make every step as large as a `forEach`.
  public enum Kind: Sendable {
    case action(ActionStep)
    indirect case forEach(ForEachStep)
    indirect case branch(BranchStep)
    indirect case repeatLoop(RepeatStep)
    indirect case workflow(SubworkflowStep)
  }
}

/// A condition (`"if"`): an expression string or a JSON boolean.
///
/// Its expression and span are kept in one shared box: most steps have no condition, and an
/// absent one held inline (some ten words) was copied and destroyed through its type's value
/// witnesses each time a step was made or planned; a box is one pointer, null when absent.
public struct Condition: Sendable {
  public var expression: Expression {
    get { storage.expression }
    set { storage = Storage(expression: newValue, text: storage.text) }
  }
  public var text: ValueSource.Span {
    get { storage.text }
    set { storage = Storage(expression: storage.expression, text: newValue) }
  }
  private var storage: Storage

  init(expression: Expression, text: ValueSource.Span) {
    storage = Storage(expression: expression, text: text)
  }

  private final class Storage: Sendable {
    let expression: Expression
    let text: ValueSource.Span

    init(expression: Expression, text: ValueSource.Span) {
      self.expression = expression
      self.text = text
    }
  }
}

/// Runs an intent.
public struct ActionStep: Sendable {
  public var intent: String
  public var intentLocation: SourceLocation
  public var parameters: [Argument]
}

/// A named value passed to an intent or a workflow: `"title": "${inputs.title}"`.
public struct Argument: Sendable {
  public var name: String
  public var nameLocation: SourceLocation
  public var value: ValueSource
}

/// `{ "forEach": "${found}", "as": "todo", "where": "…", "index": "n", "concurrency": 4,
/// "steps": [ … ] }`.
public struct ForEachStep: Sendable {
  public var items: ValueSource
  public var variable: String
  public var variableLocation: SourceLocation?
  public var steps: [WorkflowStep]
  /// `where`: the items for which it is false are dropped before the passes.
  public var filter: Condition?
  /// `index`: the name of the pass number, from 1, over the items kept.
  public var index: String?
  public var indexLocation: SourceLocation?
  /// `concurrency`: how many passes may run at once.
  public var concurrency = 1

  public init(
    items: ValueSource, variable: String, variableLocation: SourceLocation?,
    steps: [WorkflowStep], filter: Condition? = nil, index: String? = nil,
    indexLocation: SourceLocation? = nil, concurrency: Int = 1
  ) {
    self.items = items
    self.variable = variable
    self.variableLocation = variableLocation
    self.steps = steps
    self.filter = filter
    self.index = index
    self.indexLocation = indexLocation
    self.concurrency = concurrency
  }
}

/// `{ "if": "…", "then": [ … ], "else": [ … ] }`.
public struct BranchStep: Sendable {
  public var condition: Condition
  public var then: [WorkflowStep]
  public var otherwise: [WorkflowStep]
}

/// `{ "repeat": 3, "as": "pass", "steps": [ … ] }`.
public struct RepeatStep: Sendable {
  /// The most passes one `repeat` step may make: 1,000,000. A count is a number in a file or
  /// computed at run time, so it is bounded before anything is sized by it; a loop that must
  /// run longer is a `forEach` over real items or a schedule.
  public static let maximumCount = 1_000_000

  public var count: ValueSource
  public var variable: String?
  public var variableLocation: SourceLocation?
  public var steps: [WorkflowStep]
}

/// `{ "workflow": "other.json", "inputs": { … } }`: runs another workflow file.
public struct SubworkflowStep: Sendable {
  /// The path as written, relative to the file that names it.
  public var path: String
  public var pathLocation: SourceLocation
  public var inputs: [Argument]
}

/// A step's options.
public struct StepOptions: Sendable, Hashable {
  /// How to treat an error in a step.
  public enum ErrorPolicy: String, Sendable, Hashable, CaseIterable {
    /// Stop the run (the default).
    case fail
    /// Record the failure, give the step a `null` output, and go on.
    case `continue`
  }

  /// The limit on the step's handle phase: `nil` uses the default (30 s), `.some(nil)` none.
  public var timeout: Duration??
  /// Extra attempts after a failure or timeout.
  public var retries: Int = 0
  /// The pause before each retry.
  public var retryDelay: Duration = .zero
  /// How the pause grows, how it is capped and spread, and which errors are retried.
  public var retryPolicy = RetryPolicy()
  public var onError: ErrorPolicy = .fail
  /// Ask for confirmation before the step's handle even if the intent does not.
  public var confirm: Bool = false

  public init() {}
}

/// A value in a workflow file: a JSON literal, text with `${…}`, or a list or object of those.
///
/// Not `indirect`: lists and objects hold their values in arrays already, and a box for every
/// value would be one more allocation for each parameter of each step.
public enum ValueSource: Sendable {
  case literal(Value, Span)
  case template(Template, Span)
  case list([ValueSource], Span)
  case dictionary([(key: String, value: ValueSource)], Span)

  /// Where a value is written: the location of its first character, and for strings the
  /// byte offset of the opening quote so that columns inside the string can be found.
  public struct Span: Sendable, Hashable {
    public var location: SourceLocation
    public var stringOffset: Int?
  }

  /// Where the value starts.
  public var span: Span {
    switch self {
    case .literal(_, let span), .template(_, let span), .list(_, let span),
      .dictionary(_, let span):
      return span
    }
  }
}

/// A workflow's `schedule`: a cron string, or an object with the cron string and policies.
public struct WorkflowSchedule: Sendable, Hashable {
  /// What to do when a run is due while the previous one still runs.
  public enum Overlap: String, Sendable, Hashable, CaseIterable {
    case skip, queue, allow
  }
  /// What to do, after downtime, about fire times that passed.
  public enum CatchUp: String, Sendable, Hashable, CaseIterable {
    case none, latest
  }

  public var cron: String
  public var cronLocation: SourceLocation
  /// An IANA zone name; `nil` for the machine's zone.
  public var timeZone: String?
  public var timeZoneLocation: SourceLocation?
  public var overlap: Overlap = .skip
  public var catchUp: CatchUp = .none
  /// A random delay of up to this much before each run, to spread load.
  public var jitter: Duration = .zero
  /// `inputs`: the values scheduled runs give the workflow's inputs.
  public var inputs: [ScheduledInput] = []
  /// `yes`: scheduled runs answer confirmations with yes, as `--yes` does.
  public var yes = false
  public var yesLocation: SourceLocation?
}

/// A value `schedule.inputs` gives an input.
public struct ScheduledInput: Sendable, Hashable {
  public var name: String
  public var value: Value
  /// Where the input's name is written in `schedule.inputs`.
  public var location: SourceLocation
}
