/// A violation of the JSON grammar, with what to do about it and where it is.
///
/// ```text
/// 3:14: trailing comma before '}'; remove it
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong and how to fix it: lowercase, quoting the offending text.
  public var message: String

  /// Where the problem is, such as the stray comma or the first byte that cannot be read.
  public var position: JSONPosition

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: What is wrong and how to fix it.
  ///   - position: Where the problem is.
  public init(message: String, position: JSONPosition) {
    self.message = message
    self.position = position
  }

  /// The error as `LINE:COLUMN: MESSAGE`.
  public var description: String {
    "\(position.line):\(position.column): \(message)"
  }
}

extension JSONSyntaxError {
  /// Text quoted for a message: in single quotes, or in double quotes when it holds a single
  /// quote itself.
  static func quoted(_ text: some StringProtocol) -> String {
    text.contains("'") ? "\"\(text)\"" : "'\(text)'"
  }

  /// A scalar value as `U+XXXX`, followed by its Unicode name when it has one.
  static func scalarName(_ value: UInt32) -> String {
    let code = "U+\(hex(value, digits: 4))"
    guard let name = Unicode.Scalar(value)?.properties.name else { return code }
    return "\(code) (\(name))"
  }

  /// A number in uppercase hexadecimal, padded with zeros to at least `digits` digits.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  static func unexpectedEnd(
    unclosed container: String, closer: String, opened: JSONPosition, at position: JSONPosition
  ) -> Self {
    Self(
      message: "unexpected end of input; the \(container) starting at line \(opened.line), "
        + "column \(opened.column) needs a closing \(quoted(closer))",
      position: position)
  }
}
