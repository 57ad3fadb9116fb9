import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback server a test starts from a Python script (standard library only). The script
/// prints its port as its first line; every later line it prints is a report the test may
/// read with ``forEachLine(_:)``. The server's standard input is a pipe that ends when the test
/// process does, so a script that exits at the end of its input never outlives the tests; it
/// keeps no copy of the test's own output streams, which `swift test` reads to the end.
public final class PythonServer: Sendable {
  /// The port the script printed.
  public let port: Int
  private let process: Process
  private let output: FileHandle

  /// Starts `python3 -c script` and waits, off the cooperative pool, for its port.
  ///
  /// - Parameter name: What the server is, for the error when it does not start.
  public init(script: String, name: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = output.fileHandleForReading
    let line = try await offPool { Self.readLine(reader) ?? "" }
    guard let port = Int(line) else {
      kill(process.processIdentifier, SIGKILL)
      throw StartError(message: "\(name) did not start (it printed '\(line)')")
    }
    self.process = process
    self.output = reader
    self.port = port
  }

  deinit {
    // SIGKILL, not SIGTERM: a server started while the test process blocks or ignores
    // SIGTERM (the tests of signal handling do) inherits that, and would outlive the tests.
    kill(process.processIdentifier, SIGKILL)
  }

  /// Hands each later line the server prints, without its newline, to `report`, on a
  /// thread of its own that ends with the server's output. The thread holds the output only,
  /// so the server still stops when the value goes away.
  public func forEachLine(_ report: @escaping @Sendable (String) -> Void) {
    let output = self.output
    Thread {
      while let line = Self.readLine(output) { report(line) }
    }.start()
  }

  private static func readLine(_ handle: FileHandle) -> String? {
    var bytes: [UInt8] = []
    while true {
      guard let byte = try? handle.read(upToCount: 1)?.first else {
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
      }
      if byte == 10 { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
  }

  /// A server that did not print a port.
  public struct StartError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }
}
