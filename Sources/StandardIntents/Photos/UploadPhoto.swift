public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// How many chunks (64 KiB each by default: 1 MiB) the copy writes between suspensions.
  static let chunksBetweenPauses = 16

  /// Where the copy is written until it is complete.
  var partialPath: String { destination + ".part" }

  var destination: String {
    let folder = URL(fileURLWithPath: Self.expandingTilde(in: to), isDirectory: true)
    return folder.appendingPathComponent(photo.name).path
  }

  public func perform() async throws -> IntentResult<String> {
    if isHTTP { return try await uploadHTTP() }
    let folder = Paths.folder(of: destination)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if FileManager.default.fileExists(atPath: destination) {
      throw IntentError("'\(destination)' already exists; choose another folder or remove it")
    }
    let source = open(photo.path, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else {
      throw IntentError("cannot read '\(photo.path)'; was the photo moved or deleted?")
    }
    defer { close(source) }
    guard FileManager.default.createFile(atPath: partialPath, contents: nil) else {
      throw IntentError("cannot write in '\(folder)'; check its permissions")
    }
    let target = open(partialPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard target >= 0 else {
      throw IntentError("cannot write in '\(folder)'; check its permissions")
    }
    let chunks = max(1, (photo.size + store.chunkSize - 1) / store.chunkSize)
    do {
      defer { close(target) }
      var chunk = 0
      while true {
        let data = try Self.readChunk(upTo: store.chunkSize, from: source, path: photo.path)
        if data.isEmpty { break }
        try Task.checkCancellation()
        try FileWriting.write(data, to: target, path: partialPath)
        chunk += 1
        progress.update(completed: chunk, total: max(chunks, chunk), message: photo.name)
        try await store.afterChunk(chunk)
        // A signal revokes the step's lease at once, even while this copy has not suspended
        // (its task is cancelled only once it does): so stop on the lease, chunk by chunk.
        if IntentContext.current.lease?.hasEnded == true { throw CancellationError() }
        // Suspend now and then, so that the step's timeout (which restarts with each chunk's
        // progress) is armed for a large photo; a small one is copied without suspending.
        if chunk % Self.chunksBetweenPauses == 0 { await Task.yield() }
      }
      try Task.checkCancellation()
    }
    // Through the step's lease: a step that was stopped meanwhile leaves no copy behind.
    try IntentContext.commit {
      try FileManager.default.moveItem(atPath: partialPath, toPath: destination)
    }
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

  /// `path` with a leading `~` or `~user` read as a home folder, as a shell reads it.
  static func expandingTilde(in path: String) -> String {
    guard path.hasPrefix("~") else { return path }
    let slash = path.firstIndex(of: "/") ?? path.endIndex
    let user = path[path.index(after: path.startIndex)..<slash]
    let home: String?
    if user.isEmpty {
      home =
        ProcessInfo.processInfo.environment["HOME"]
        ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) }
    } else {
      home = getpwnam(String(user)).map { String(cString: $0.pointee.pw_dir) }
    }
    guard let home else { return path }
    return home + path[slash...]
  }

  /// Up to `count` bytes of `descriptor`, fewer only at its end.
  private static func readChunk(upTo count: Int, from descriptor: Int32, path: String) throws
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(descriptor, base + filled, count - filled)
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { throw IntentError("cannot read '\(path)': \(Paths.reason())") }
      if got == 0 { break }
      filled += got
    }
    bytes.removeLast(count - filled)
    return bytes
  }
}
