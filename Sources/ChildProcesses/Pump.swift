#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The parent's ends of a child's pipes, pumped by one thread with `poll`: stdin written while
/// stdout and stderr are read, so that the child never stalls on a full pipe, nor the parent on
/// a child that does not read.
struct Pump {
  var input: Int32?
  var output: Int32?
  var errors: Int32?

  /// Writes `bytes` to stdin (then closes it) while reading stdout and stderr to their end, or
  /// until one passes `limit` when `overLimit` is ``ChildProcess/Command/OverLimit/stop``. The
  /// output descriptors stay open (their owner closes them).
  func run(feeding bytes: [UInt8], limit: Int, overLimit: ChildProcess.Command.OverLimit)
    -> (output: BoundedBytes, errors: BoundedBytes)
  {
    Descriptors.withPipeSignalBlocked { pump(bytes, limit: limit, overLimit: overLimit) }
  }

  private func pump(_ bytes: [UInt8], limit: Int, overLimit: ChildProcess.Command.OverLimit)
    -> (output: BoundedBytes, errors: BoundedBytes)
  {
    var input = self.input
    if let descriptor = input {
      if bytes.isEmpty {
        close(descriptor)
        input = nil
      } else {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
    }
    var open = [output, errors].compactMap { $0 }
    var collected = (output: BoundedBytes(limit: limit), errors: BoundedBytes(limit: limit))
    var written = 0
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    pumping: while !open.isEmpty || input != nil {
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if let input { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      if poll(&polled, nfds_t(polled.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in polled where entry.revents != 0 {
        if entry.fd == input {
          let count = bytes.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return write(entry.fd, base + written, min(raw.count - written, 64 * 1024))
          }
          if count > 0 { written += count }
          if written == bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
            close(entry.fd)  // all written, or the child stopped reading (EPIPE)
            input = nil
          }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          let fits = buffer.withUnsafeBytes { raw in
            let chunk = UnsafeRawBufferPointer(rebasing: raw[..<count])
            return entry.fd == output
              ? collected.output.append(chunk) : collected.errors.append(chunk)
          }
          // Over the limit: stop reading (the caller stops the child), or read on and drop.
          if !fits, overLimit == .stop { break pumping }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          open.removeAll { $0 == entry.fd }
        }
      }
    }
    if let input { close(input) }
    return collected
  }
}
