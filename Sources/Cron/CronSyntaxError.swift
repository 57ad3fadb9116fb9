/// A problem with a cron expression, located by field and column.
///
/// The description reads like `minute: 61 is out of range 0-59 (column 1)`, with a hint after
/// the column where one helps: `day of week: unknown name 'FRU' (column 9); did you mean
/// 'FRI'?`. Problems with the expression as a whole (the number of fields, an unknown `@` word,
/// an expression that never fires) have no field: `expected 5 fields (or 6 with seconds),
/// found 4 (column 8)`.
public struct CronSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The field at fault, or `nil` for a problem with the whole expression.
  public var field: CronField?
  /// The 1-based column in the original string (counted in characters) where the problem
  /// starts.
  public var column: Int
  /// What went wrong, without the field or the column: `61 is out of range 0-59`.
  public var message: String
  /// How to fix it, if there is more to say: `did you mean 'FRI'?`.
  public var hint: String?

  /// Creates an error from its parts.
  public init(field: CronField?, column: Int, message: String, hint: String? = nil) {
    self.field = field
    self.column = column
    self.message = message
    self.hint = hint
  }

  /// The field, the message, the column and the hint:
  /// `day of week: unknown name 'FRU' (column 9); did you mean 'FRI'?`.
  public var description: String {
    var text = "\(message) (column \(column))"
    if let field { text = "\(field.rawValue): " + text }
    if let hint { text += "; \(hint)" }
    return text
  }

  /// The description followed by the source and a caret under the column, as a compiler
  /// prints it:
  ///
  /// ```
  /// minute: 61 is out of range 0-59 (column 1)
  ///   61 7 * * *
  ///   ^
  /// ```
  ///
  /// - Parameter source: The expression the error came from.
  /// - Returns: Three lines, without a trailing newline.
  public func annotated(source: String) -> String {
    // Tabs count as one column, so they are shown as one space to keep the caret aligned.
    let line = String(source.map { $0 == "\t" ? " " : $0 })
    let indent = String(repeating: " ", count: max(0, column - 1))
    return "\(description)\n  \(line)\n  \(indent)^"
  }
}
