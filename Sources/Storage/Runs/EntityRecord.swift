#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An entity a successful run used, or one the user marked relevant: what suggestions rank
/// first (see ``RunStore/entities(limit:)``).
public struct EntityRecord: Sendable, Hashable {
  /// The entity type's name, such as `Note`.
  public var typeName: String
  /// The entity's stable id (for a photo, its content hash).
  public var id: String
  /// The entity's display title when it was last recorded.
  public var title: String
  /// When a successful run last used it; `nil` when it was only marked relevant.
  public var usedAt: Date?
  /// When it was marked relevant; `nil` when it is not.
  public var relevantAt: Date?

  public init(typeName: String, id: String, title: String, usedAt: Date?, relevantAt: Date?) {
    self.typeName = typeName
    self.id = id
    self.title = title
    self.usedAt = usedAt
    self.relevantAt = relevantAt
  }

  /// Whether the user marked it relevant.
  public var isRelevant: Bool { relevantAt != nil }
}
