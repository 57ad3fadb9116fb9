import ChildProcesses
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One HTTP request as `http.request` sends it, and what came back: the shape shared by the
/// libcurl transport (Linux) and the URLSession one (macOS).
struct HTTPExchange: Sendable {
  var url: String

  /// The URL as messages show it: a user name and password in it read `***`.
  var shownURL: String { URLCredentials.masked(url) }

  var method: String
  /// Header lines in order, names as given.
  var headers: [(name: String, value: String)]
  var body: [UInt8]?
  /// A file to send as the body instead of `body`, read in chunks as it is sent.
  var upload: HTTPFileUpload? = nil
  /// The most bytes of the response body kept, counted after decompression.
  var bodyLimit = BoundedBytes.defaultLimit

  /// What the server answered, after following redirects.
  struct Answer: Sendable {
    var status: Int
    /// Header names in lowercase; a repeated header's values joined with ", ".
    var headers: [String: String]
    /// The body, decompressed, within the exchange's limit.
    var body: BoundedBytes
  }

  /// Why no answer came: the server was not reached, or the run was cancelled.
  struct Failure: Error, Sendable {
    var reason: String
    var cancelled = false
    /// The body was longer than ``HTTPExchange/bodyLimit``: the transfer was stopped.
    var bodyOverLimit = false
  }

  /// Sends the request with this platform's transport.
  func send() async throws(Failure) -> Answer {
    #if os(Linux)
      try await CurlTransfer.send(self)
    #else
      try await URLSessionTransfer.send(self)
    #endif
  }
}
