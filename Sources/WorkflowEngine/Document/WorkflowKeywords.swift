import StrictJSON

/// The keys a workflow file may use where, with what each is for, as the decoder accepts
/// them: for editors that complete keys (the language server). Derived from the decoder's
/// own key tables (``StepKind``, ``StepOption``), so it cannot drift from them.
public enum WorkflowKeywords {
  /// A key and what it is for.
  public struct Keyword: Sendable, Hashable {
    /// The key as written in the file.
    public var name: String
    /// The schema's description of it, or its type (`string`, `boolean`), when the schema
    /// has one.
    public var detail: String?
    /// The words its value may be, when it is one of a fixed set (`continue`, `fail`).
    public var values: [String]
  }

  /// The keys of the top-level object.
  public static var topLevel: [Keyword] { WorkflowDecoder.topLevel.map(keyword) }

  /// The keys of an input's object.
  public static var input: [Keyword] { WorkflowDecoder.inputKeys.map(keyword) }

  /// The keys of a schedule's object.
  public static var schedule: [Keyword] { WorkflowDecoder.scheduleKeys.map(keyword) }

  /// The keys a step of any kind may have: every kind's own keys (their markers first, in
  /// the order of the kinds), then the options steps share.
  public static var step: [Keyword] {
    var seen: Set<String> = []
    var keys: [Keyword] = []
    for key in StepKind.definitions.flatMap(\.keys) + WorkflowDecoder.commonStepKeys
    where seen.insert(key.name).inserted {
      keys.append(keyword(key))
    }
    return keys
  }

  private static func keyword(_ key: WorkflowDecoder.Key) -> Keyword {
    var detail: String?
    var values: [String] = []
    if case .object(let members) = key.schema {
      for (name, value) in members {
        switch (name, value) {
        case ("description", .string(let text)): detail = text
        case ("type", .string(let type)) where detail == nil: detail = type
        case ("enum", .array(let words)):
          values = words.compactMap { if case .string(let word) = $0 { word } else { nil } }
        default: break
        }
      }
    }
    return Keyword(name: key.name, detail: detail, values: values)
  }
}
