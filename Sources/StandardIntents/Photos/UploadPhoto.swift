import Foundation
public import IntentKit

/// `photos.upload`: copies a photo to a folder, or sends it to an HTTP URL with a PUT, in
/// chunks, as the seed's `UploadPhotoIntent`: long-running (its timeout counts from the latest
/// chunk) and cancellable (the transfer is aborted, the partial copy removed, and the reason
/// reported).
public struct UploadPhoto: LongRunningIntent, CancellableIntent {
  public static let identifier: IntentIdentifier = "photos.upload"
  public static let title = "Upload Photo"
  public static let description =
    "Copies a photo into a folder, or sends it to an http(s) URL with PUT (the file's name "
    + "added to the URL's path), chunk by chunk with progress; a cancelled or timed-out "
    + "upload leaves no partial file behind. Returns the copy's path or URL."
  public static let parameterSummary: String? = "Upload {photo} to {to}"

  @Parameter(title: "Photo", requestValueDialog: "Which photo?", isInput: true)
  public var photo: Photo

  @Parameter(
    title: "Destination",
    description:
      "A folder (created if missing), or an http(s) URL the photo is PUT under, by name.",
    requestValueDialog: "Where to?")
  public var to: String

  @Dependency({ $0.photoStore }) var store: PhotoStore
  /// Shared by `perform()` and `onCancel`, which the run calls on copies of this value.
  let transfer = UploadTransfer()

  public init() {}

  /// Where the copy is written until it is complete.
  var partialPath: String { destination + ".part" }

  var destination: String {
    let folder = URL(fileURLWithPath: (to as NSString).expandingTildeInPath, isDirectory: true)
    return folder.appendingPathComponent(photo.name).path
  }

  public func perform() async throws -> IntentResult<String> {
    if isHTTP { return try await uploadHTTP() }
    let folder = (destination as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if FileManager.default.fileExists(atPath: destination) {
      throw IntentError("'\(destination)' already exists; choose another folder or remove it")
    }
    guard let source = FileHandle(forReadingAtPath: photo.path) else {
      throw IntentError("cannot read '\(photo.path)'; was the photo moved or deleted?")
    }
    defer { try? source.close() }
    guard FileManager.default.createFile(atPath: partialPath, contents: nil),
      let target = FileHandle(forWritingAtPath: partialPath)
    else {
      throw IntentError("cannot write in '\(folder)'; check its permissions")
    }
    let chunks = max(1, (photo.size + store.chunkSize - 1) / store.chunkSize)
    do {
      defer { try? target.close() }
      var chunk = 0
      while let data = try source.read(upToCount: store.chunkSize), !data.isEmpty {
        try Task.checkCancellation()
        try target.write(contentsOf: data)
        chunk += 1
        progress.update(completed: chunk, total: max(chunks, chunk), message: photo.name)
        try await store.afterChunk(chunk)
      }
      try Task.checkCancellation()
    }
    try FileManager.default.moveItem(atPath: partialPath, toPath: destination)
    return .result(value: destination, dialog: "Upload complete!")
  }

  /// Removes the partial copy (an HTTP upload: waits for the aborted transfer to end, then
  /// sends a DELETE of the target) and says why the upload stopped.
  public func onCancel(reason: CancellationReason) async {
    let outcome: String
    if isHTTP {
      outcome = await removePartialUpload()
    } else {
      try? FileManager.default.removeItem(atPath: partialPath)
      outcome = "removed the partial copy"
    }
    IntentContext.current.progress.update(
      completed: 0, message: "upload of \(photo.name) stopped (\(reason)); \(outcome)")
  }
}
