import CivilTime
public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A photo in the library folder, as the seed's `PhotoEntity`: a syncable entity whose stable
/// id is the SHA-256 of its content (the same on every machine) and whose local id is its
/// path (valid on this one). The query accepts both; everything stored keeps the stable one.
public struct Photo: AppEntity, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Photo")
  public static var defaultQuery: PhotoQuery { PhotoQuery() }
  public static var properties: EntityProperties<Photo> {
    EntityProperties(
      .init("name") { $0.name }, .init("path") { $0.path }, .init("size") { $0.size },
      .init("taken") { $0.taken }, .init("tags") { $0.tags }, .init("album") { $0.album })
  }

  /// The file extensions of images, lowercase.
  public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "gif", "webp"]

  /// The stable id: the SHA-256 of the content, 64 lowercase hex digits.
  public var id: String
  /// The absolute path: the local id.
  public var path: String
  public var size: Int
  /// When it was taken: the EXIF `DateTimeOriginal` of a JPEG, else the file's modification
  /// time.
  public var taken: Date
  /// Its tags, sorted.
  public var tags: [String]
  /// The folder it is in, relative to the library; `nil` at the top.
  public var album: String?

  /// Creates a photo; the store makes them, tests may too.
  public init(
    id: String, path: String, size: Int, taken: Date, tags: [String], album: String?
  ) {
    self.id = id
    self.path = path
    self.size = size
    self.taken = taken
    self.tags = tags
    self.album = album
  }

  /// The local id, as the seed's `SyncableEntityIdentifier.localID`.
  public var localID: String { path }

  /// The file's name.
  public var name: String { PathText.lastComponent(path) }

  /// Whether `text` has the shape of a stable id (64 hex digits) rather than a path.
  public static func isStableID(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0 | 0x20) }
  }

  /// The name, with the album and the date as the subtitle.
  public var displayRepresentation: DisplayRepresentation {
    var subtitle = Timestamp.format(taken, in: .current)
    if let album { subtitle = album + ", " + subtitle }
    return DisplayRepresentation(title: name, subtitle: subtitle)
  }
}
