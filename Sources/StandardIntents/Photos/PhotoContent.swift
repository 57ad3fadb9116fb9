public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An album or a tag: the union value of `photos.show`, as the seed's `@UnionValue` enum whose
/// cases wrap a landmark collection and a photo album.
public struct PhotoContent: UnionValue, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "PhotoContent")
  public static var defaultQuery: PhotoContentQuery { PhotoContentQuery() }
  public static var properties: EntityProperties<PhotoContent> {
    EntityProperties(.init("case") { $0.kind.rawValue }, .init("value") { $0.name })
  }
  public static let unionCases = [
    UnionCase("album", .text, title: "Photo Album"), UnionCase("tag", .text, title: "Tag"),
  ]

  /// Which case.
  public enum Kind: String, Sendable, Hashable {
    case album, tag
  }

  public var kind: Kind
  /// The album's or the tag's name.
  public var name: String

  /// An album or a tag.
  public init(_ kind: Kind, _ name: String) {
    self.kind = kind
    self.name = name
  }

  /// `album Rome`, `tag Trip`.
  public var displayRepresentation: DisplayRepresentation {
    DisplayRepresentation(title: "\(kind.rawValue) \(name)")
  }
}

/// Picks the case of a ``PhotoContent`` from text: `album:Rome` or `tag:Trip` outright, else
/// an album with that name, a tag with that name, or both to choose from.
public struct PhotoContentQuery: EntityQuery {
  @Dependency({ $0.photoStore }) var store: PhotoStore

  public init() {}

  public func entities(for identifiers: [String]) async throws -> [PhotoContent] { [] }

  /// Every album, then every tag.
  public func suggestedEntities() async throws -> [PhotoContent] {
    try store.albums().map { PhotoContent(.album, $0) }
      + store.tags().map { PhotoContent(.tag, $0) }
  }

  public func entities(matching string: String) async throws -> [PhotoContent] {
    let text = string.trimming(.whitespaces)
    if let (chosen, rest) = PhotoContent.explicitCase(in: text),
      let kind = PhotoContent.Kind(rawValue: chosen.name)
    {
      return [PhotoContent(kind, rest.trimming(.whitespaces))]
    }
    let wanted = text.lowercased()
    return try await suggestedEntities().filter { $0.name.lowercased() == wanted }
  }
}
