/// Text that may hold `${…}` expressions: a parameter value, a workflow's `output`.
///
/// A template that is exactly one `${…}` passes the expression's typed value (an entity
/// stays an entity); in longer text each expression is coerced to text. `$${` writes a
/// literal `${`.
public struct Template: Sendable, Hashable {
  /// A piece of a template.
  public enum Segment: Sendable, Hashable {
    case text(String)
    /// An expression, and the scalar offset of its `${` in the template's text.
    case expression(Expression, offset: Int)
  }

  public var segments: [Segment]

  /// Parses text for `${…}` expressions.
  ///
  /// Text without a `$` (most of it) is one text segment, found by one scan of its bytes;
  /// otherwise the bytes are split at `${…}` and each expression is parsed in place.
  ///
  /// - Throws: ``ExpressionSyntaxError`` with an offset into `text`.
  /// - Complexity: O(n) in the text's length.
  public static func parse(_ text: String) throws(ExpressionSyntaxError) -> Template {
    switch try parseValue(text) {
    case .text(let plain): return Template(segments: [.text(plain)])
    case .template(let template): return template
    }
  }

  /// What a string in a workflow file stands for: text, or a template with expressions.
  enum Parsed {
    /// Text without `${…}`, with `$${` turned into `${`.
    case text(String)
    /// Text with at least one expression.
    case template(Template)
  }

  /// ``parse(_:)`` for a value: text with no expression comes back as its text, without a
  /// template made only to be asked whether it holds one and read back (that question copied
  /// each segment).
  static func parseValue(_ text: String) throws(ExpressionSyntaxError) -> Parsed {
    var bytes = text
    // A native string's bytes are contiguous already: read them in place, without a copy,
    // once for a `$` (a scan of the buffer, not of the string's UTF-8 view) and once to parse.
    let result = bytes.withUTF8 { bytes -> Result<Parsed, ExpressionSyntaxError>? in
      guard bytes.contains(UInt8(ascii: "$")) else { return nil }
      return Result { () throws(ExpressionSyntaxError) in try parse(bytes) }
    }
    guard let result else { return .text(text) }
    return try result.get()
  }

  /// ``parseValue(_:)`` over the bytes of text that holds a `$`.
  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>)
    throws(ExpressionSyntaxError) -> Parsed
  {
    var segments: [Segment] = []
    segments.reserveCapacity(3)  // most templates: text, an expression, text
    // The text before the next `${`: `pending` (only when `$${` split it) and the bytes from
    // `literalStart` on, taken as one string when it ends, with no buffer of its own.
    var pending = ""
    var literalStart = 0
    func literal(upTo end: Int) -> String {
      // No string is made for no bytes: most expressions start their text.
      guard literalStart < end else { return pending }
      let rest = String(decoding: bytes[literalStart..<end], as: UTF8.self)
      return pending.isEmpty ? rest : pending + rest
    }
    var index = 0
    // Scalars before `index`, counted as the scan goes: offsets are in scalars.
    var scalars = 0
    var counted = 0
    func scalarOffset(_ position: Int) -> Int {
      while counted < position {
        if bytes[counted] & 0xC0 != 0x80 { scalars += 1 }
        counted += 1
      }
      return scalars
    }
    let dollar = UInt8(ascii: "$")
    let brace = UInt8(ascii: "{")
    while index < bytes.count {
      let byte = bytes[index]
      if byte == dollar, index + 2 < bytes.count, bytes[index + 1] == dollar,
        bytes[index + 2] == brace
      {
        pending = literal(upTo: index) + "${"
        index += 3
        literalStart = index
      } else if byte == dollar, index + 1 < bytes.count, bytes[index + 1] == brace {
        let offset = scalarOffset(index)
        let end = try closingBrace(in: bytes, from: index + 2, opening: offset)
        let text = literal(upTo: index)
        if !text.isEmpty { segments.append(.text(text)) }
        pending = ""
        do {
          // Parsed straight into the list: an expression held in a constant first was copied
          // into it, then destroyed.
          segments.append(
            .expression(try ExpressionParser.parse(bytes, from: index + 2, to: end), offset: offset)
          )
        } catch {
          throw ExpressionSyntaxError(message: error.message, offset: offset + 2 + error.offset)
        }
        index = end + 1
        literalStart = index
      } else {
        index += 1
      }
    }
    let text = literal(upTo: bytes.count)
    // Without an expression, the text is all of it (`$${` and lone `$`s only).
    guard !segments.isEmpty else { return .text(text) }
    if !text.isEmpty { segments.append(.text(text)) }
    return .template(Template(segments: segments))
  }

  /// The expression when the template is exactly one `${…}` and nothing else.
  public var singleExpression: Expression? {
    guard segments.count == 1, case .expression(let expression, _) = segments[0] else {
      return nil
    }
    return expression
  }

  /// Whether the template has no expressions at all.
  public var isPlainText: Bool {
    // By index, not `allSatisfy`: its closure was handed a copy of each segment.
    for index in segments.indices {
      if case .expression = segments[index] { return false }
    }
    return true
  }

  /// The text of a template without expressions (`$${` already turned into `${`).
  public var plainText: String {
    segments.reduce(into: "") { text, segment in
      if case .text(let piece) = segment { text += piece }
    }
  }

  /// Finds the `}` that closes a `${`, skipping quoted text and nested braces. (Quotes,
  /// braces and backslashes are ASCII, so no byte of a multi-byte scalar is taken for one.)
  private static func closingBrace(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, opening: Int
  )
    throws(ExpressionSyntaxError) -> Int
  {
    var depth = 0
    var quote: UInt8?
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == open {
          quote = nil
        }
      } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        quote = byte
      } else if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        if depth == 0 { return index }
        depth -= 1
      }
      index += 1
    }
    throw ExpressionSyntaxError(
      message: "'${' is not closed; add '}' (or write '$${' for a literal '${')", offset: opening)
  }
}
