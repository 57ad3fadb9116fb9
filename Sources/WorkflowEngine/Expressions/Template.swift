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
  /// - Throws: ``ExpressionSyntaxError`` with an offset into `text`.
  public static func parse(_ text: String) throws(ExpressionSyntaxError) -> Template {
    let scalars = Array(text.unicodeScalars)
    var segments: [Segment] = []
    var literal = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "$", index + 2 < scalars.count, scalars[index + 1] == "$",
        scalars[index + 2] == "{"
      {
        literal.append(contentsOf: "${".unicodeScalars)
        index += 3
      } else if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" {
        let end = try closingBrace(in: scalars, from: index + 2, opening: index)
        if !literal.isEmpty {
          segments.append(.text(String(literal)))
          literal = String.UnicodeScalarView()
        }
        let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        do {
          segments.append(.expression(try ExpressionParser.parse(inner), offset: index))
        } catch {
          throw ExpressionSyntaxError(message: error.message, offset: index + 2 + error.offset)
        }
        index = end + 1
      } else {
        literal.append(scalar)
        index += 1
      }
    }
    if !literal.isEmpty || segments.isEmpty { segments.append(.text(String(literal))) }
    return Template(segments: segments)
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
    segments.allSatisfy { if case .text = $0 { return true } else { return false } }
  }

  /// The text of a template without expressions (`$${` already turned into `${`).
  public var plainText: String {
    segments.reduce(into: "") { text, segment in
      if case .text(let piece) = segment { text += piece }
    }
  }

  /// Finds the `}` that closes a `${`, skipping quoted text and nested braces.
  private static func closingBrace(
    in scalars: [Unicode.Scalar], from start: Int, opening: Int
  ) throws(ExpressionSyntaxError) -> Int {
    var depth = 0
    var quote: Unicode.Scalar?
    var index = start
    while index < scalars.count {
      let scalar = scalars[index]
      if let open = quote {
        if scalar == "\\" {
          index += 1
        } else if scalar == open {
          quote = nil
        }
      } else if scalar == "'" || scalar == "\"" {
        quote = scalar
      } else if scalar == "{" {
        depth += 1
      } else if scalar == "}" {
        if depth == 0 { return index }
        depth -= 1
      }
      index += 1
    }
    throw ExpressionSyntaxError(
      message: "'${' is not closed; add '}' (or write '$${' for a literal '${')", offset: opening)
  }
}
