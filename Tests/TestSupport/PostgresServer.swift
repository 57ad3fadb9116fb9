import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PostgreSQL server of the test process's own, on loopback: `initdb` into a temporary
/// directory and `pg_ctl start` on a free port, as an unprivileged user (`postgres` when the
/// tests run as root, which PostgreSQL refuses). One server serves every test, and each test
/// takes a database of its own (``database()``). The server's shell waits on a pipe that ends
/// when the test process does, then stops the server and removes its directory.
///
/// Tests that need it are enabled only when the server programs are installed
/// (``isAvailable``; Debian's `postgresql` package, which `.ci/run` installs).
public final class PostgresServer: Sendable {
  /// Where the server programs are: `INTENTFLOW_TEST_POSTGRES_BIN`, or Debian's directory of
  /// the newest version, or the directory of `initdb` on the `PATH`.
  public static let programs: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let given = environment["INTENTFLOW_TEST_POSTGRES_BIN"] { return given }
    let debian = "/usr/lib/postgresql"
    let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? [])
      .compactMap(Int.init).sorted()
    if let newest = versions.last { return "\(debian)/\(newest)/bin" }
    for directory in (environment["PATH"] ?? "").split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
      return String(directory)
    }
    return nil
  }()

  /// Whether the server programs are installed, so that the tests can start a server.
  public static var isAvailable: Bool {
    guard let programs else { return false }
    return FileManager.default.isExecutableFile(atPath: programs + "/pg_ctl")
  }

  /// Why tests of a PostgreSQL store are skipped, and how to run them.
  public static let skipReason =
    "PostgreSQL is not installed: apt-get install postgresql (or set "
    + "INTENTFLOW_TEST_POSTGRES_BIN to its bin directory) to run the PostgreSQL store tests"

  /// The server of this test process, started at the first use.
  public static func shared() async throws -> PostgresServer {
    try await start.value
  }

  private static let start = Task { try await PostgresServer() }

  /// The port the server listens on, on 127.0.0.1.
  public let port: Int
  private let process: Process
  private let counter = Counter()

  private init() async throws {
    guard let programs = Self.programs else {
      throw PythonServer.StartError(message: Self.skipReason)
    }
    let directory = try Self.makeDirectory()
    let port = try Self.freePort()
    let user = getuid() == 0 ? "postgres" : nil
    if let user {
      // The server's directory belongs to the user that runs it.
      guard let entry = getpwnam(user) else {
        throw PythonServer.StartError(
          message: "the tests run as root and there is no '\(user)' user")
      }
      chown(directory, entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
    let script = """
      set -e
      bin="$1"; dir="$2"; port="$3"
      "$bin/initdb" -D "$dir/data" -U intentflow --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1
      "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
      echo ready
      cat >/dev/null || true
      "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
      rm -rf "$dir"
      """
    let process = Process()
    var arguments = ["/bin/sh", "-c", script, "sh", programs, directory, String(port)]
    if let user { arguments = ["/usr/sbin/runuser", "-u", user, "--"] + arguments }
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = output.fileHandleForReading
    let line = try await offPool { String(decoding: reader.readData(ofLength: 6), as: UTF8.self) }
    guard line.hasPrefix("ready") else {
      let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
      let initLog = (try? String(contentsOfFile: directory + "/initdb.log", encoding: .utf8)) ?? ""
      throw PythonServer.StartError(
        message: "PostgreSQL did not start: \(initLog.suffix(400)) \(log.suffix(400))")
    }
    self.process = process
    self.port = port
  }

  /// A new, empty database of this server, and its URI (user `intentflow`, no password).
  public func database() async throws -> String {
    let name = "test_\(getpid())_\(counter.next())"
    guard let programs = Self.programs else {
      throw PythonServer.StartError(message: "no programs")
    }
    let status = try await offPool { [port] in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: programs + "/createdb")
      process.arguments = ["-h", "127.0.0.1", "-p", String(port), "-U", "intentflow", name]
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    guard status == 0 else {
      throw PythonServer.StartError(message: "createdb \(name) exited with \(status)")
    }
    return uri(database: name)
  }

  /// The URI of database `name` of this server.
  public func uri(database name: String) -> String {
    "postgresql://intentflow@127.0.0.1:\(port)/\(name)"
  }

  private static func makeDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/intentflow-pg-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw PythonServer.StartError(message: "cannot make a directory for PostgreSQL")
    }
    return String(cString: made)
  }

  /// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
  private static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw PythonServer.StartError(message: "no socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw PythonServer.StartError(message: "cannot find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// Numbers for database names, one after another.
private final class Counter: Sendable {
  private let value = Mutex(0)
  func next() -> Int {
    value.withLock {
      $0 += 1; return $0
    }
  }
}
