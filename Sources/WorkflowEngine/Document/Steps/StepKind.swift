import StrictJSON

/// A kind of step, made so by one key, its marker (`intent`, `forEach`, `then`, `repeat`,
/// `workflow`).
///
/// Everything decoding knows about a kind is its ``Definition``, one file per kind
/// (`StepKind+Intent.swift`, …): the marker, the kind's own keys, the function that decodes
/// it. The key tables of the decoder (`WorkflowDecoder+StepKeys.swift`), the JSON Schema
/// (``WorkflowSchema``) and the keyword reference in `Docs/WorkflowFormat.md` are derived
/// from ``definitions``; the options all kinds share are in ``StepOption``. A decoded kind is
/// planned by `PlanBuilder.plan(_:previous:)`, and a plan is walked by ``Plan/walk(_:_:)``.
///
/// The order of the cases is the order of the table: when a step has the markers of two
/// kinds, the first in this order is its kind, and the message names the other.
enum StepKind: Int, CaseIterable, Sendable {
  case intent, forEach, branch, repeatLoop, workflow

  /// What the kind is.
  var definition: Definition {
    switch self {
    case .intent: .intent
    case .forEach: .forEach
    case .branch: .branch
    case .repeatLoop: .repeatLoop
    case .workflow: .workflow
    }
  }

  /// Every kind's definition, by ``rawValue``, made once.
  static let definitions: [Definition] = allCases.map(\.definition)

  /// Decodes a step of one kind from its object, reporting its problems; `nil` when it
  /// cannot be read. `present` locates the keys decoding reads (the marker is at
  /// `present.markerMember`); `node` is the step, for messages.
  typealias Decode =
    @Sendable (
      _ decoder: inout WorkflowDecoder, _ object: JSONObject,
      _ present: WorkflowDecoder.StepKeyPresence, _ node: JSONNode
    ) -> WorkflowStep.Kind?

  /// A kind of step, as decoding and the keyword reference see it.
  struct Definition: Sendable {
    /// The key whose presence makes a step this kind.
    var marker: String
    /// How messages name the kind (a branch is marked by `then` but called an `if` step).
    var name: String
    /// What the message about a step of no kind adds after the marker (`(run an intent)`).
    var hint: String?
    /// The keyword reference's name for the kind and what it does.
    var title: String
    var summary: String
    /// The kind's own keys, the marker first.
    var keys: [WorkflowDecoder.Key]
    /// The keys a step of this kind must have.
    var required: [String]
    /// Whether the step's `if` is the kind's own (a branch's condition), not the option.
    var ownsCondition = false
    /// Whether the ``StepOption/Scope/intentSteps`` options apply.
    var takesIntentOptions = false
    var decode: Decode

    /// `a` or `an`, for messages.
    var article: String { ["intent", "if"].contains(name) ? "an" : "a" }

    /// The keys that make a step this kind, as the message about a step of no kind names
    /// them: `'forEach'`, `'if' with 'then'`.
    var needs: String {
      (ownsCondition ? "'if' with '\(marker)'" : "'\(marker)'") + (hint.map { " \($0)" } ?? "")
    }
  }
}
