public import IntentKit

/// `photos.show`: the photos of an album or with a tag, as the seed's widget that takes a
/// union value.
public struct ShowPhotos: AppIntent {
  public static let identifier: IntentIdentifier = "photos.show"
  public static let title = "Show Photos"
  public static let description =
    "Returns the photos of an album or with a tag: one parameter that takes either (a union "
    + "value). Write album:NAME or tag:NAME to say which; a bare name is looked up among the "
    + "albums, then the tags, and asks when it is both."
  public static let parameterSummary: String? = "Show photos from {content}"

  @Parameter(
    title: "Album or tag", requestValueDialog: "Which album or tag?", isInput: true)
  public var content: PhotoContent

  @Dependency({ $0.photoStore }) var store: PhotoStore

  public init() {}

  public func perform() async throws -> IntentResult<[Photo]> {
    let photos: [Photo]
    let source: String
    switch content.kind {
    case .album:
      photos = try store.find(query: nil, tag: nil, album: content.name)
      source = "from the album \(content.name)"
    case .tag:
      photos = try store.find(query: nil, tag: content.name, album: nil)
      source = "tagged \(content.name)"
    }
    let noun = photos.count == 1 ? "photo" : "photos"
    return .result(value: photos, dialog: "Showing \(photos.count) \(noun) \(source).")
  }
}
