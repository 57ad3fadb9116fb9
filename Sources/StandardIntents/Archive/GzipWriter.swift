import CZlib
import IntentKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compresses bytes into the gzip format with zlib and writes them to a file descriptor.
///
/// A class because zlib's stream keeps a pointer to itself: it must stay at one address
/// (allocated once here) for the whole stream.
final class GzipWriter {
  private let stream: UnsafeMutablePointer<z_stream>
  private let descriptor: Int32
  private let path: String
  private var output = [UInt8](repeating: 0, count: 64 * 1024)
  private var isOpen = false

  /// Starts a gzip stream (deflate level 6, as `gzip` uses) on `descriptor`.
  init(descriptor: Int32, path: String) throws {
    self.descriptor = descriptor
    self.path = path
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // windowBits 15 + 16 asks zlib for a gzip header and trailer instead of zlib's own.
    let status = deflateInit2_(
      stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deallocate()
      throw IntentError("cannot start compressing '\(path)' (zlib error \(status))")
    }
    isOpen = true
  }

  deinit {
    if isOpen { deflateEnd(stream) }
    stream.deallocate()
  }

  /// Compresses and writes `bytes`.
  func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(bytes.count)
    while stream.pointee.avail_in > 0 {
      try deflateChunk(flush: Z_NO_FLUSH)
    }
    stream.pointee.next_in = nil
  }

  /// Ends the stream: writes what zlib still holds and the gzip trailer.
  func finish() throws {
    var status: Int32 = Z_OK
    while status != Z_STREAM_END {
      status = try deflateChunk(flush: Z_FINISH)
    }
    deflateEnd(stream)
    isOpen = false
  }

  @discardableResult
  private func deflateChunk(flush: Int32) throws -> Int32 {
    let (status, produced) = try output.withUnsafeMutableBufferPointer { buffer in
      stream.pointee.next_out = buffer.baseAddress
      stream.pointee.avail_out = uInt(buffer.count)
      let status = deflate(stream, flush)
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw IntentError("cannot compress '\(path)' (zlib error \(status))")
      }
      return (status, buffer.count - Int(stream.pointee.avail_out))
    }
    if produced > 0 {
      try FileWriting.write(Array(output[..<produced]), to: descriptor, path: path)
    }
    return status
  }
}
