import StrictJSON
import TestSupport

/// Writes random valid JSON documents together with the value each one must parse to.
///
/// The text is written here, not by `JSONValue.serialized`, so that it exercises what the
/// writer never produces: every escape, `\u` escapes with surrogate pairs, raw non-ASCII,
/// exponents in both cases, integers too large for `Int`, and whitespace of every allowed kind.
struct RandomJSON {
  var random: SeededRandomNumberGenerator
  /// Whether strings may contain U+FEFF, which Foundation's `JSONSerialization` drops from
  /// strings although JSON allows it.
  var includesByteOrderMarks: Bool

  init(seed: UInt64, includesByteOrderMarks: Bool = true) {
    random = SeededRandomNumberGenerator(seed: seed)
    self.includesByteOrderMarks = includesByteOrderMarks
  }

  /// A document: its text and its value.
  mutating func document(maximumDepth: Int = 5) -> (text: String, value: JSONValue) {
    let (text, value) = element(depth: maximumDepth)
    return (whitespace() + text + whitespace(), value)
  }

  /// A value at most `depth` containers deep.
  mutating func element(depth: Int) -> (text: String, value: JSONValue) {
    let choice = Int.random(in: 0..<(depth > 0 ? 10 : 7), using: &random)
    switch choice {
    case 0: return ("null", .null)
    case 1:
      let flag = Bool.random(using: &random)
      return (flag ? "true" : "false", .bool(flag))
    case 2, 3: return number()
    case 4, 5, 6:
      let (literal, string) = string()
      return (literal, .string(string))
    case 7:
      var texts: [String] = []
      var values: [JSONValue] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let (text, value) = element(depth: depth - 1)
        texts.append(whitespace() + text + whitespace())
        values.append(value)
      }
      return (
        "[" + (texts.isEmpty ? whitespace() : texts.joined(separator: ",")) + "]",
        .array(values)
      )
    default:
      var texts: [String] = []
      var members: [(key: String, value: JSONValue)] = []
      var keys: Set<String> = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        var key = string()
        // Swift compares strings by canonical equivalence, and so does the duplicate check.
        while keys.contains(key.value) { key = string() }
        keys.insert(key.value)
        let (text, value) = element(depth: depth - 1)
        texts.append(
          whitespace() + key.literal + whitespace() + ":" + whitespace() + text
            + whitespace())
        members.append((key.value, value))
      }
      return (
        "{" + (texts.isEmpty ? whitespace() : texts.joined(separator: ",")) + "}",
        .object(members)
      )
    }
  }

  /// Whitespace between tokens, usually none or a little.
  mutating func whitespace() -> String {
    let pieces = [" ", "\t", "\n", "\r\n", "\r", "  "]
    var text = ""
    for _ in 0..<[0, 0, 0, 1, 1, 2, 4].randomElement(using: &random, default: 0) {
      text += pieces.randomElement(using: &random, default: " ")
    }
    return text
  }

  /// A number literal and its value: integers of every size, decimals, exponents.
  mutating func number() -> (text: String, value: JSONValue) {
    while true {
      var text = Bool.random(using: &random) ? "-" : ""
      let digits = [1, 1, 2, 3, 5, 10, 17, 19, 20, 25].randomElement(using: &random, default: 1)
      // A single digit may be 0; a longer integer part may not start with one.
      text += String(Int.random(in: (digits == 1 ? 0 : 1)...9, using: &random))
      for _ in 1..<max(digits, 1) { text += String(Int.random(in: 0...9, using: &random)) }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text += "."
        for _ in 0..<Int.random(in: 1...18, using: &random) {
          text += String(Int.random(in: 0...9, using: &random))
        }
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &random, default: "e")
        text += String(Int.random(in: 0...330, using: &random))
      }
      if !text.contains("."), !text.lowercased().contains("e"), let integer = Int(text) {
        return (text, .integer(integer))
      }
      // The standard library's conversion is correctly rounded: the oracle for the parser's.
      if let double = Double(text), double.isFinite { return (text, .number(double)) }
    }
  }

  /// A string literal and the string it stands for.
  mutating func string() -> (literal: String, value: String) {
    let pieces: [(literal: String, value: String)] = [
      ("a", "a"), ("Z", "Z"), ("7", "7"), (" ", " "), ("é", "é"), ("日本", "日本"), ("😀", "😀"),
      ("e\u{301}", "e\u{301}"), ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("/", "/"),
      ("\\b", "\u{08}"), ("\\f", "\u{0C}"), ("\\n", "\n"), ("\\r", "\r"), ("\\t", "\t"),
      ("\\u0000", "\u{00}"), ("\\u001F", "\u{1F}"), ("\\u00e9", "é"), ("\\u00E9", "é"),
      ("\\u2028", "\u{2028}"), ("\\uD83D\\uDE00", "😀"), ("\\ud834\\udd1e", "𝄞"),
      ("\\uFFFF", "\u{FFFF}"), ("\u{7F}", "\u{7F}"), ("'", "'"), ("\u{FEFF}", "\u{FEFF}"),
    ]
    var literal = "\""
    var value = ""
    for _ in 0..<[0, 1, 3, 8, 20].randomElement(using: &random, default: 1) {
      var piece = pieces.randomElement(using: &random, default: ("a", "a"))
      if !includesByteOrderMarks, piece.value == "\u{FEFF}" { piece = ("b", "b") }
      literal += piece.literal
      value += piece.value
    }
    return (literal + "\"", value)
  }
}

extension Array {
  /// A random element, or `fallback` for an empty array (which the generator never passes).
  fileprivate func randomElement(
    using random: inout SeededRandomNumberGenerator, default fallback: Element
  ) -> Element {
    randomElement(using: &random) ?? fallback
  }
}
