/// An error for intents to throw from `perform()` or a query: its message is shown as is.
///
/// `throw IntentError("no todo has the id '\(id)'; it may have been deleted")`
public struct IntentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong and what to do, lowercase.
  public var message: String
  /// Creates an error with a message.
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
