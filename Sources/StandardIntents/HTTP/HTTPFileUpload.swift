/// A file sent as a request's body, read chunk by chunk while the transport sends it, so that
/// a large file is never held in memory and its progress can be reported.
struct HTTPFileUpload: Sendable {
  /// The file to send.
  var path: String
  /// Its length in bytes, sent as `Content-Length`.
  var size: Int64
  /// The most bytes read from the file at a time.
  var chunkSize: Int
  /// Called after each chunk is handed to the transport, with the bytes handed so far; on
  /// Linux it runs on the transfer's own thread.
  var sent: @Sendable (Int64) -> Void
}
