/// A parsed JSON value together with the position where it starts in the source.
///
/// The parser produces a tree of nodes so that later stages (validation of a workflow, for
/// example) can point at the exact line and column of a value they reject.
public struct JSONNode: Sendable, Hashable {
  /// What kind of value a node holds, with its contents.
  public enum Kind: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number: one with a fraction or an exponent, or an integer too large for `Int`.
    case number(Double)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array, its elements in source order.
    case array([JSONNode])
    /// An object, its members in source order.
    case object(JSONObject)
  }

  /// The value and its contents.
  public var kind: Kind

  /// Where the value starts: its quote, bracket, brace, first digit or sign, or first letter.
  public var position: JSONPosition

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - kind: The value and its contents.
  ///   - position: Where the value starts in the source.
  public init(kind: Kind, position: JSONPosition) {
    self.kind = kind
    self.position = position
  }

  /// A copy of the value without positions, with object members in source order.
  ///
  /// - Complexity: O(*n*), where *n* is the number of values in the tree.
  public var plainValue: JSONValue {
    switch kind {
    case .null: .null
    case .bool(let value): .bool(value)
    case .integer(let value): .integer(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .array(let elements): .array(elements.map(\.plainValue))
    case .object(let object):
      .object(object.members.map { (key: $0.key, value: $0.value.plainValue) })
    }
  }
}
