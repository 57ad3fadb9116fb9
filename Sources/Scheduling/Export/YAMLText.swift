/// YAML written in a strict, regular subset: every scalar that is text is double-quoted
/// (so no value is ever read as a number, a boolean, `null`, an anchor or a comment), block
/// mappings and sequences only, two spaces per level.
///
/// Double-quoted YAML takes JSON's escapes; characters YAML would read as line breaks
/// (U+0085, U+2028, U+2029) or drop (the byte-order mark), and every control character, are
/// escaped too, so one scalar is always one line whatever the text holds.
enum YAMLText {
  /// `text` as a double-quoted scalar.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        let value = scalar.value
        if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
          || value == 0x2028 || value == 0x2029 || value == 0xFEFF
          || (0xD800...0xDFFF).contains(value) || value >= 0x10FF80
        {
          // Raw bytes of a non-UTF-8 name are private-use scalars from 0x10FF80 up: shown
          // escaped, never passed as if they were text.
          let hex = String(value, radix: 16, uppercase: true)
          if value <= 0xFFFF {
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            result += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
          }
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
