/// A failure of an extension: it could not start, broke the protocol, crashed, or reported an
/// error. The message names the extension and says what to do.
public struct ExtensionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, lowercase, starting with `extension 'NAME'`.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
