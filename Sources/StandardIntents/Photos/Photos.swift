public import IntentKit

extension IntentDomain {
  /// The seeds' photo app: the library folder (`INTENTFLOW_PHOTOS`, else `photos/` in the
  /// home) and its index in `photos.sqlite`.
  public static let photos = IntentDomain(
    name: "Photos", prefixes: ["photos"],
    intents: [FindPhotos.self, TagPhotos.self, UploadPhoto.self, ShowPhotos.self]
  ) { dependencies, live in
    dependencies.photoStore = PhotoStore.live(environment: live.environment)
  }
}
