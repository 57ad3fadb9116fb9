public import IntentKit

/// Finds photos: by stable id (the content's SHA-256) or local id (the path), by text in the
/// name, album or tags, and the newest as suggestions.
public struct PhotoQuery: EntityQuery {
  @Dependency({ $0.photoStore }) var store: PhotoStore

  public init() {}

  public func entities(for identifiers: [String]) async throws -> [Photo] {
    try store.photos(ids: identifiers)
  }

  /// The newest photos (at most ``PhotoStore/suggestionLimit``).
  public func suggestedEntities() async throws -> [Photo] {
    Array(try store.find(query: nil, tag: nil, album: nil).prefix(PhotoStore.suggestionLimit))
  }

  /// Photos whose name, album or tags contain the text; a single exact name wins.
  public func entities(matching string: String) async throws -> [Photo] {
    let matches = try store.find(query: string, tag: nil, album: nil)
    let exact = matches.filter { $0.name.lowercased() == string.lowercased() }
    return exact.count == 1 ? exact : matches
  }
}
