// Hot code: the invocation a step passes through its async frames, once per step. It keeps the
// rules of the paragraph at the top of `IntentInvocation.swift` (no copy or allocation per step
// that a plain reading would not make; see Docs/Performance.md).

extension IntentInvocation {
  /// An invocation's fields, behind one reference.
  ///
  /// A step passes its invocation through several async frames, and the executor runs the
  /// same step's invocation again on every pass of a loop with new values: with the fields
  /// shared, a copy is one retain instead of a dozen (the descriptor's texts, the context, the
  /// options' closures). Changing a field makes a new box; nothing changes one in place.
  final class Storage: Sendable {
    struct Fields: Sendable {
      var descriptor: IntentDescriptor
      var arguments: [String: Value]
      var step: String
      var interaction: any InteractionHandler
      var context: IntentContext
      var options: Options
    }

    let fields: Fields
    /// What the lifecycle reads of the descriptor on every run, looked up once per box.
    let details: IntentDescriptor.Details

    init(_ fields: Fields) {
      self.fields = fields
      details = fields.descriptor.resolved
    }

    /// A box with `change` applied to a copy of these fields.
    func with(_ change: (inout Fields) -> Void) -> Storage {
      var fields = fields
      change(&fields)
      return Storage(fields)
    }
  }
}
