import ChildProcesses
import DataIntents
import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UploadPhoto {
  /// Whether `to` is an `http://` or `https://` URL rather than a folder.
  var isHTTP: Bool {
    let scheme = to.prefix { $0 != ":" }.lowercased()
    return (scheme == "http" || scheme == "https") && to.contains("://")
  }

  /// The URL the photo is sent to: `to` with the file's name (percent-encoded) added to its
  /// path, before any query (`https://host/up?key=1` → `https://host/up/beach.jpg?key=1`).
  var httpTarget: String {
    let query = to.firstIndex { $0 == "?" || $0 == "#" }
    var base = String(to[..<(query ?? to.endIndex)])
    let rest = query.map { String(to[$0...]) } ?? ""
    if !base.hasSuffix("/") { base += "/" }
    // What a path segment may hold as it is (RFC 3986 `pchar`), less `;`.
    let name = PercentEncoding.encode(photo.name, keeping: "!$&'()*+,=:@")
    return base + name + rest
  }

  /// `url` with any user name and password replaced by `***`: what messages and the output
  /// show, so that credentials in a URL are never printed.
  static func redacted(_ url: String) -> String { URLCredentials.masked(url) }

  /// Sends the photo with one PUT, its body read from the file chunk by chunk as libcurl
  /// sends it; progress is reported after each chunk.
  func uploadHTTP() async throws -> IntentResult<String> {
    let target = httpTarget
    let shown = Self.redacted(target)
    let reporter = progress
    let name = photo.name
    let chunkSize = store.chunkSize
    // The file's size now, not the index's: the body must be exactly as long as announced.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: photo.path),
      let size = (attributes[.size] as? UInt).flatMap({ Int64(exactly: $0) })
    else {
      throw IntentError("cannot read '\(photo.path)'; was the photo moved or deleted?")
    }
    let chunks = max(1, Int((size + Int64(chunkSize) - 1) / Int64(chunkSize)))
    let upload = HTTPFileUpload(
      path: photo.path, size: size, chunkSize: chunkSize,
      sent: { bytes in
        let chunk = Int((bytes + Int64(chunkSize) - 1) / Int64(chunkSize))
        reporter.update(completed: chunk, total: max(chunks, chunk), message: name)
      })
    let exchange = HTTPExchange(
      url: target, method: "PUT", headers: [("Content-Type", Self.mediaType(of: name))],
      body: nil, upload: upload)
    guard !Task.isCancelled, transfer.start(target: target) else { throw CancellationError() }
    let answer: HTTPExchange.Answer
    do {
      defer { transfer.end() }
      answer = try await exchange.send()
    } catch {
      if error.cancelled { throw CancellationError() }
      throw IntentError(
        "could not upload \(name) to '\(shown)': \(Self.redacting(error.reason, target))")
    }
    try Task.checkCancellation()
    guard (200..<300).contains(answer.status) else {
      let detail = Self.summary(of: answer.body.bytes)
      throw IntentError(
        "PUT '\(shown)' answered \(answer.status)"
          + (detail.isEmpty ? "" : ": \(Self.redacting(detail, target))")
          + "; check the URL and that the server accepts uploads there")
    }
    return .result(value: shown, dialog: "Upload complete!")
  }

  /// After a cancelled HTTP upload: waits for the aborted PUT to end, then asks the server to
  /// delete what it may have kept. Returns what to tell the user.
  func removePartialUpload() async -> String {
    guard let target = await transfer.ended() else { return "nothing was sent" }
    let exchange = HTTPExchange(url: target, method: "DELETE", headers: [], body: nil)
    do {
      let answer = try await exchange.send()
      if (200..<300).contains(answer.status) || answer.status == 404 {
        return "the server removed the partial upload"
      }
      return "the server did not remove the partial upload (DELETE answered \(answer.status))"
    } catch {
      return "could not ask the server to remove the partial upload: "
        + Self.redacting(error.reason, target)
    }
  }

  /// The start of an answer's body on one line, for an error message; nothing for an HTML
  /// page (a server's generic error page says no more than its status).
  private static func summary(of body: [UInt8]) -> String {
    let text = String(decoding: body.prefix(400), as: UTF8.self)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !text.hasPrefix("<") else { return "" }
    return text.count > 120 ? text.prefix(120) + "…" : text
  }

  /// `text` with the unredacted `url` replaced by its redacted form.
  private static func redacting(_ text: String, _ url: String) -> String {
    text.replacingEvery(url, with: redacted(url))
  }

  private static func mediaType(of name: String) -> String {
    switch PathText.pathExtension(name).lowercased() {
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "heic": "image/heic"
    default: "application/octet-stream"
    }
  }
}
