public import IntentKit

/// `photos.find`: lists photos of the library, newest first.
public struct FindPhotos: AppIntent {
  public static let identifier: IntentIdentifier = "photos.find"
  public static let title = "Find Photos"
  public static let description =
    "Returns the photos of the library (INTENTFLOW_PHOTOS, default photos/ in the IntentFlow "
    + "home) whose name, album or tags contain the query, with the tag and in the album if "
    + "given, newest first."
  public static let parameterSummary: String? =
    "Find photos matching {query} tagged {tag} in {album}"

  @Parameter(title: "Query", description: "Text to look for in names, albums and tags.")
  public var query: String?

  @Parameter(title: "Tag", description: "Only photos with this tag, ignoring case.")
  public var tag: String?

  @Parameter(title: "Album", description: "Only photos in this album (a folder of the library).")
  public var album: String?

  @Dependency({ $0.photoStore }) var store: PhotoStore

  public init() {}

  public func perform() async throws -> IntentResult<[Photo]> {
    let photos = try store.find(query: query, tag: tag, album: album)
    let noun = photos.count == 1 ? "photo" : "photos"
    return .result(value: photos, dialog: "Found \(photos.count) \(noun).")
  }
}
