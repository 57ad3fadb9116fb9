#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a child process could not be started, or its standard input not written.
public struct ChildProcessError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, lowercase, quoting the program: `cannot run '/bin/nope': no such file or
  /// directory`.
  public var message: String
  /// The system's reason alone, lowercase: `no such file or directory`.
  public var reason: String
  /// The `errno` of the failing call, or 0 when no system call failed.
  public var code: Int32

  /// An error with a message, the system's reason and its `errno`.
  public init(_ message: String, reason: String, code: Int32) {
    self.message = message
    self.reason = reason
    self.code = code
  }

  /// An error for the failing call whose `errno` is `code`, described as `what` then the
  /// system's reason.
  static func system(_ what: String, code: Int32) -> ChildProcessError {
    let reason = ChildProcessError.reason(code)
    return ChildProcessError("\(what): \(reason)", reason: reason, code: code)
  }

  /// The system's description of `code`, lowercase.
  static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// The message.
  public var description: String { message }
}
