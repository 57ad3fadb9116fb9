import IntentKit
import StrictJSON
import WorkflowEngine

/// The hints of a tool (MCP's `ToolAnnotations`), from what the engine knows.
///
/// - `destructiveHint`: the intent asks for confirmation (``ConfirmingIntent``), or a step of
///   the workflow does (`confirm`, or its intent).
/// - `readOnlyHint`: every intent changes nothing (``IntentDescriptor/isReadOnly``).
/// - `idempotentHint`: read-only and the same answer for the same arguments (not
///   `math.random`, `list.random`, `date.now`).
/// - `openWorldHint`: the intent reaches outside the machine's own state (`http.*`, `shell.*`).
public struct ToolAnnotations: Sendable, Equatable {
  public var title: String
  public var readOnly: Bool
  public var destructive: Bool
  public var idempotent: Bool
  public var openWorld: Bool

  /// Read-only intents whose answer changes from call to call.
  static let changingAnswers: Set<IntentIdentifier> = ["math.random", "list.random", "date.now"]
  /// The domains that reach beyond the engine's stores.
  static let openDomains: Set<String> = ["http", "shell"]

  /// The hints of a tool.
  public init(_ tool: Tool) {
    switch tool.kind {
    case .intent(let intent):
      title = intent.title
      readOnly = Self.isReadOnly(intent.identifier)
      destructive = intent.asksForConfirmation
      openWorld = Self.isOpenWorld(intent.identifier)
      idempotent = readOnly && !Self.changingAnswers.contains(intent.identifier)
    case .workflow(let plan, _):
      title = plan.workflow.name
      // Every intent the run may reach: in blocks, `onError` steps and nested workflows.
      var intents: [IntentIdentifier] = []
      Plan.walk(plan.steps, intoNestedWorkflows: true) { step in
        if let intent = step.intent { intents.append(intent) }
        return true
      }
      readOnly = intents.allSatisfy(Self.isReadOnly) && plan.confirmingSteps.isEmpty
      destructive = !plan.confirmingSteps.isEmpty
      openWorld = intents.contains(where: Self.isOpenWorld)
      idempotent = readOnly && !intents.contains(where: Self.changingAnswers.contains)
    }
  }

  static func isReadOnly(_ identifier: IntentIdentifier) -> Bool {
    IntentDescriptor.isReadOnly(identifier)
  }

  static func isOpenWorld(_ identifier: IntentIdentifier) -> Bool {
    let domain = identifier.rawValue.split(separator: ".", maxSplits: 1).first.map(String.init)
    return domain.map(openDomains.contains) ?? false
  }

  var json: JSONValue {
    [
      "title": .string(title), "readOnlyHint": .bool(readOnly),
      "destructiveHint": .bool(destructive), "idempotentHint": .bool(idempotent),
      "openWorldHint": .bool(openWorld),
    ]
  }
}
