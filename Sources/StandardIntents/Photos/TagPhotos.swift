public import IntentKit

/// `photos.tag`: tags many photos at once, as the seed's `TagPhotosIntent`. The photos are an
/// ``EntityCollection``: their ids go to the index in one transaction, never looked up one
/// by one.
public struct TagPhotos: AppIntent {
  public static let identifier: IntentIdentifier = "photos.tag"
  public static let title = "Tag Travel Photos"
  public static let description =
    "Adds a tag to photos: entities from an earlier step, or their ids (the content's SHA-256 "
    + "or the path). Takes only the ids, so tagging thousands is one quick write."
  public static let parameterSummary: String? = "Tag {photos} with {tag}"

  @Parameter(
    title: "Photos", description: "The photos, or their ids.",
    requestValueDialog: "Which photos?", isInput: true, resolve: EntityCollection.check)
  public var photos: EntityCollection<Photo>

  @Parameter(title: "Tag", requestValueDialog: "Which tag?")
  public var tag: String

  @Dependency({ $0.photoStore }) var store: PhotoStore

  public init() {}

  public func perform() async throws -> IntentResult<Int> {
    let count = try store.tag(ids: photos.identifiers, with: tag)
    let noun = count == 1 ? "photo" : "photos"
    return .result(value: count, dialog: "Tagged \(count) \(noun) with '\(tag)'.")
  }
}
