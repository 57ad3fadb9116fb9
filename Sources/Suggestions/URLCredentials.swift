/// Hides the user name and password written in a URL (`https://user:pass@host/…` →
/// `https://***@host/…`) wherever text that may quote one is shown: a diagnostic's source
/// line and message, a step's error, a cron log. A workflow should take credentials from a
/// secret input, but one written literally must not be printed either.
///
/// Every `scheme://` in the text is looked at: its authority runs to the first `/`, `?`, `#`,
/// space, quote or angle bracket, and when it holds an `@`, everything before the last `@`
/// is replaced by `***`. Text without `://` is returned as it is, without a copy.
public enum URLCredentials {
  /// What replaces the user information.
  public static let mask = "***"

  /// `text` with the credentials of every URL in it replaced by `***`.
  public static func masked(_ text: String) -> String {
    masked(text, column: nil).text
  }

  /// `text` with the credentials of every URL in it replaced by `***`, and `column` (one-based,
  /// in Unicode scalars) moved to the same place in the result: after a masked part it shifts
  /// by the change in length, and inside one it points at the mask's first character.
  public static func masked(_ text: String, column: Int?) -> (text: String, column: Int?) {
    guard text.utf8.count >= 4, hasSchemeSeparator(text) else { return (text, column) }
    let scalars = Array(text.unicodeScalars)
    let spans = credentialSpans(in: scalars)
    guard !spans.isEmpty else { return (text, column) }
    var result = String.UnicodeScalarView()
    var shifted = column
    var position = 0
    for span in spans {
      result.append(contentsOf: scalars[position..<span.lowerBound])
      result.append(contentsOf: mask.unicodeScalars)
      if let original = column {
        let index = original - 1
        if index >= span.upperBound {
          shifted = (shifted ?? original) - span.count + mask.unicodeScalars.count
        } else if index >= span.lowerBound {
          shifted = (shifted ?? original) - (index - span.lowerBound)
        }
      }
      position = span.upperBound
    }
    result.append(contentsOf: scalars[position...])
    return (String(result), shifted)
  }

  /// Whether `text` contains `://`, found on its UTF-8 bytes.
  private static func hasSchemeSeparator(_ text: String) -> Bool {
    var utf8 = text.utf8.makeIterator()
    var previous: (UInt8, UInt8) = (0, 0)
    while let byte = utf8.next() {
      if previous == (UInt8(ascii: ":"), UInt8(ascii: "/")), byte == UInt8(ascii: "/") {
        return true
      }
      previous = (previous.1, byte)
    }
    return false
  }

  /// The ranges of scalars holding user information, one per URL that has some.
  private static func credentialSpans(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var index = 1
    while index + 2 < scalars.count {
      defer { index += 1 }
      guard scalars[index] == ":", scalars[index + 1] == "/", scalars[index + 2] == "/",
        isSchemeCharacter(scalars[index - 1])
      else { continue }
      let start = index + 3
      var end = start
      var lastAt: Int?
      while end < scalars.count, !endsAuthority(scalars[end]) {
        if scalars[end] == "@" { lastAt = end }
        end += 1
      }
      if let lastAt, lastAt > start { spans.append(start..<lastAt) }
      index = end - 1
    }
    return spans
  }

  private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "+", "-", ".": true
    default: false
    }
  }

  /// Whether `scalar` ends a URL's authority, or the URL itself in running text.
  private static func endsAuthority(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "/", "?", "#", "\"", "'", "`", "<", ">", "\\": true
    default: scalar.properties.isWhitespace || scalar.isUnsafeInOneLine
    }
  }
}
