/// Text that must stay on one line: what validation refuses in names, zones and ids, and
/// what the crontab export refuses or escapes, since a line break there starts a new
/// crontab line (a new command).
public enum UnsafeText {
  /// Whether `text` holds a character that does not belong on one line of a crontab or a
  /// terminal: a C0 or C1 control (NUL, tab, CR, LF, ESC, U+0085 …), DEL, or U+2028/U+2029.
  public static func isUnsafe(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: \.isUnsafeInOneLine)
  }

  /// Why `text` cannot be used where a single line is needed, or `nil` when it can: the
  /// message names `what` (`'name'`), quotes the text escaped, and names the character.
  public static func problem(in text: String, what: String) -> String? {
    guard let scalar = text.unicodeScalars.first(where: \.isUnsafeInOneLine) else { return nil }
    return "\(what) '\(escaped(text, limit: 64))' contains the control character "
      + "\(code(scalar)); write it on one line, without control characters"
  }

  /// `text` with each unsafe character written as `\u{XXXX}`, each byte of a file name that
  /// is not UTF-8 as `\xE9` (see ``FileSystemPath``), and `\` as `\\`, cut to `limit`
  /// characters with `…`, so that it can be quoted in a message or a comment.
  public static func escaped(_ text: String, limit: Int = .max) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count >= limit {
        result += "…"
        break
      }
      count += 1
      if scalar == "\\" {
        result += "\\\\"
      } else if scalar.isUnsafeInOneLine {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else if let byte = scalar.rawByte {
        result += Self.byteEscape(byte)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` as a terminal may show it: every unsafe character except those in `kept` is
  /// replaced by one visible scalar (its Control Pictures symbol, `␛` for ESC, or `�` for
  /// the C1 controls and separators), so the terminal never acts on an escape sequence
  /// from a file name or a workflow, and columns counted in scalars stay where they were. A
  /// byte of a file name that is not UTF-8 is shown as `\xE9`.
  public static func shown(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
    guard
      text.unicodeScalars.contains(where: {
        ($0.isUnsafeInOneLine && !kept.contains($0)) || $0.isRawByte
      })
    else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let byte = scalar.rawByte {
        result.append(contentsOf: byteEscape(byte).unicodeScalars)
        continue
      }
      guard scalar.isUnsafeInOneLine, !kept.contains(scalar) else {
        result.append(scalar)
        continue
      }
      let picture: UInt32? =
        switch scalar.value {
        case 0..<0x20: 0x2400 + scalar.value
        case 0x7F: 0x2421
        default: nil
        }
      result.append(picture.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
    }
    return String(result)
  }

  /// `\xE9`: how a byte of a file name that is not UTF-8 is shown.
  public static func byteEscape(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "\\x" + (hex.count == 1 ? "0" : "") + hex
  }

  /// The `U+XXXX` name of a scalar, for messages.
  public static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a control character (general category Cc: C0, DEL, C1) or a
  /// line or paragraph separator, any of which can end a line for some reader.
  public var isUnsafeInOneLine: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}
