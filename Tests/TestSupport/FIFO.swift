import Foundation

/// What a writer puts into the FIFO at `path`, read to its end on a thread of its own: opening
/// a FIFO for reading blocks until a writer opens it, and reading it until the writer closes
/// it, so this waits for the event itself, not for a time.
///
/// - Throws: `POSIXError` when the FIFO cannot be opened.
public func readFIFOToEnd(_ path: String) async throws -> String {
  try await offPool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
