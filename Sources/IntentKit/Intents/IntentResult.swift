/// What `perform()` returns: an output value for the next step, and what to tell the user.
@frozen
public struct IntentResult<Output: ValueConvertible>: Sendable {
  /// The value passed to the next step and printed as the workflow's output.
  public var value: Output?
  /// A sentence for the user (shown on stderr): `Completed 'Buy milk'.`
  public var dialog: String?
  /// A longer text block shown after the dialog: a table, a list (the seed's snippet view).
  public var snippet: String?

  @usableFromInline
  init(value: Output?, dialog: String?, snippet: String?) {
    self.value = value
    self.dialog = dialog
    self.snippet = snippet
  }

  /// A result with a value, and optionally a dialog and a snippet.
  @inlinable
  public static func result(value: Output, dialog: String? = nil, snippet: String? = nil)
    -> IntentResult
  {
    IntentResult(value: value, dialog: dialog, snippet: snippet)
  }

  /// A result without a value.
  @inlinable
  public static func result(dialog: String? = nil, snippet: String? = nil) -> IntentResult {
    IntentResult(value: nil, dialog: dialog, snippet: snippet)
  }
}
