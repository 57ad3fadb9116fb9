// Names for the bytes the parser looks at, so that the code reads as JSON grammar.
extension UInt8 {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let dollar: UInt8 = 0x24
  static let apostrophe: UInt8 = 0x27
  static let asterisk: UInt8 = 0x2A
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let digit0: UInt8 = 0x30
  static let digit9: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let underscore: UInt8 = 0x5F
  static let letterA: UInt8 = 0x61
  static let letterB: UInt8 = 0x62
  static let letterE: UInt8 = 0x65
  static let letterF: UInt8 = 0x66
  static let letterL: UInt8 = 0x6C
  static let letterN: UInt8 = 0x6E
  static let letterR: UInt8 = 0x72
  static let letterS: UInt8 = 0x73
  static let letterT: UInt8 = 0x74
  static let letterU: UInt8 = 0x75
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
  static let delete: UInt8 = 0x7F

  /// Whether the byte is an ASCII digit.
  var isDigit: Bool { self &- .digit0 < 10 }

  /// Whether the byte is an ASCII letter.
  var isLetter: Bool { (self | 0x20) &- .letterA < 26 }

  /// Whether the byte can be part of an identifier-like word: an ASCII letter or digit, `_`
  /// or `$`. A literal such as `true` must not be followed by one.
  var isWordByte: Bool { isLetter || isDigit || self == .underscore || self == .dollar }

  /// Whether the byte can continue a malformed number, such as the `x` in `0x1F`.
  var isNumberByte: Bool { isWordByte || self == .period || self == .plus || self == .minus }

  /// Whether the byte is a UTF-8 continuation byte.
  var isContinuation: Bool { self & 0xC0 == 0x80 }
}
