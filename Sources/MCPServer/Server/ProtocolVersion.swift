/// A revision of the Model Context Protocol, named by its date.
public struct ProtocolVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let v2024_11_05 = ProtocolVersion("2024-11-05")
  public static let v2025_03_26 = ProtocolVersion("2025-03-26")
  public static let v2025_06_18 = ProtocolVersion("2025-06-18")

  /// The revisions the server speaks (those of the official SDKs), newest first.
  public static let supported: [ProtocolVersion] = [v2025_06_18, v2025_03_26, v2024_11_05]

  /// The revision to answer a client's `initialize` with: the client's when the server speaks
  /// it, else the newest (the client then decides whether it can go on).
  public static func negotiated(requested: String?) -> ProtocolVersion {
    supported.first { $0.rawValue == requested } ?? supported[0]
  }

  // Dates in ISO form order as text.
  public static func < (lhs: ProtocolVersion, rhs: ProtocolVersion) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public var description: String { rawValue }
}
