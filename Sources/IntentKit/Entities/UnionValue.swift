/// One case of a ``UnionValue``: its name, what it holds, and how pickers show it.
public struct UnionCase: Sendable, Hashable {
  /// The case's name, also the prefix that picks it in text (`album:Rome`).
  public var name: String
  /// The type of the value the case holds.
  public var type: ValueType
  /// How the case is shown, as the seed's `caseDisplayRepresentations`.
  public var title: String

  /// Declares a case.
  public init(_ name: String, _ type: ValueType, title: String) {
    self.name = name
    self.type = type
    self.title = title
  }
}

/// A value that is one of several declared cases, as the seed's `@UnionValue` enum: one
/// parameter that takes, say, an album or a tag.
///
/// A union is a record (its properties are `case` and the case's `value`) whose query picks
/// the case from text: `case:value` names it outright, other text is tried against each case
/// in order, and text that fits several cases asks which one. `describe` lists the cases.
public protocol UnionValue: AppRecord {
  /// The cases, in the order text is tried against them.
  static var unionCases: [UnionCase] { get }
}

extension UnionValue {
  /// The case named by a `case:` prefix of `text`, with the rest of the text; `nil` when
  /// the text starts with no case's name.
  public static func explicitCase(in text: String) -> (UnionCase, String)? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let name = text[..<colon].lowercased()
    guard let match = unionCases.first(where: { $0.name.lowercased() == name }) else {
      return nil
    }
    return (match, String(text[text.index(after: colon)...]))
  }
}

extension EntityType {
  /// The cases when the type is a ``UnionValue``; empty otherwise.
  public var unionCases: [UnionCase] { lookup.unionCases }
}
