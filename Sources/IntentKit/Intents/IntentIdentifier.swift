/// An intent's stable identifier: `todos.add`. Workflow files and history refer to intents by it.
public struct IntentIdentifier: RawRepresentable, Hashable, Comparable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }
  public var description: String { rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
