/// An ordered JSON value without source positions, for building output.
///
/// Objects keep their members in the order given, and equality respects that order: two
/// objects with the same members in a different order are different values. `.integer(1)` and
/// `.number(1)` are different values too, as they print differently (`1` and `1.0`).
public enum JSONValue: Sendable, Hashable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// An integer, printed without fraction or exponent.
  case integer(Int)
  /// A floating-point number, printed in its shortest form that reads back exactly.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in order.
  case object([(key: String, value: JSONValue)])

  /// Tells whether two values are the same, comparing object members in order.
  ///
  /// Numbers compare as `Double` does: `-0.0` equals `0.0` and NaN equals nothing.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let left), .bool(let right)): left == right
    case (.integer(let left), .integer(let right)): left == right
    case (.number(let left), .number(let right)): left == right
    case (.string(let left), .string(let right)): left == right
    case (.array(let left), .array(let right)): left == right
    case (.object(let left), .object(let right)):
      left.count == right.count
        && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  /// Feeds the value, including the order of object members, into a hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null:
      hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .integer(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .array(let elements):
      hasher.combine(5)
      hasher.combine(elements)
    case .object(let members):
      hasher.combine(6)
      hasher.combine(members.count)
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }
}
