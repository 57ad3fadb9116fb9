extension JSONParser.Reader {
  /// Reads a number that starts at `index` with a digit or `-`.
  ///
  /// The grammar is checked here byte by byte; only then is the text converted. An integer of
  /// up to 18 digits cannot overflow and is accumulated directly. Other numbers take an exact
  /// fast path when their digits and power of ten are exactly representable as doubles, and
  /// otherwise the standard library's correctly rounded conversion.
  mutating func readNumber() throws(JSONSyntaxError) -> JSONNode.Kind {
    let start = index
    var offset = start
    let isNegative = bytes[offset] == .minus
    if isNegative { offset += 1 }

    let integerStart = offset
    if bytes[offset] == .digit0 {
      offset += 1
    } else if bytes[offset].isDigit {
      repeat { offset += 1 } while bytes[offset].isDigit
    } else {
      throw invalidNumber(at: start)
    }
    let integerEnd = offset

    var fractionDigits = 0
    if bytes[offset] == .period {
      offset += 1
      guard bytes[offset].isDigit else { throw invalidNumber(at: start) }
      repeat { offset += 1 } while bytes[offset].isDigit
      fractionDigits = offset - integerEnd - 1
    }

    var exponent = 0
    var hasExponent = false
    if bytes[offset] | 0x20 == .letterE {
      hasExponent = true
      offset += 1
      let isExponentNegative = bytes[offset] == .minus
      if isExponentNegative || bytes[offset] == .plus { offset += 1 }
      guard bytes[offset].isDigit else { throw invalidNumber(at: start) }
      repeat {
        // Beyond this any double is zero or infinite; capping keeps the sum from overflowing.
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[offset] &- .digit0) }
        offset += 1
      } while bytes[offset].isDigit
      if isExponentNegative { exponent = -exponent }
    }

    // Leading zeros, a second point and the like are glued to the valid prefix.
    guard !bytes[offset].isNumberByte else { throw invalidNumber(at: start) }
    index = offset

    if fractionDigits == 0, !hasExponent,
      let integer = integer(from: integerStart, to: integerEnd, isNegative: isNegative)
    {
      return .integer(integer)
    }
    if let number = fastDouble(
      from: integerStart, to: integerEnd, fractionDigits: fractionDigits, exponent: exponent)
    {
      return .number(isNegative ? -number : number)
    }
    let text = makeString(from: start, to: offset)
    guard let number = Double(text), number.isFinite else {
      throw .numberOutOfRange(text, at: position(at: start))
    }
    return .number(number)
  }

  /// The value of the validated digits in `start..<end` as an `Int`, or `nil` if it overflows.
  func integer(from start: Int, to end: Int, isNegative: Bool) -> Int? {
    var value = 0
    if end - start <= 18 {
      for offset in start..<end {
        value = value &* 10 &+ Int(bytes[offset] &- .digit0)
      }
      return isNegative ? -value : value
    }
    // Accumulating towards the sign reaches Int.min, whose magnitude exceeds Int.max.
    for offset in start..<end {
      let digit = Int(bytes[offset] &- .digit0)
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, carry) =
        isNegative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow || carry { return nil }
      value = next
    }
    return value
  }

  /// The magnitude of a validated number when it can be computed exactly with one rounding.
  ///
  /// When the significant digits form an integer of at most 2^53 and the power of ten is at
  /// most 10^22, both are exact doubles, so one multiplication or division rounds correctly.
  ///
  /// - Parameters:
  ///   - start: The offset of the first integer digit.
  ///   - integerEnd: The offset after the last integer digit (the point, if any).
  ///   - fractionDigits: The number of digits after the point.
  ///   - exponent: The value after `e`, or 0.
  func fastDouble(from start: Int, to integerEnd: Int, fractionDigits: Int, exponent: Int)
    -> Double?
  {
    let integerDigits = integerEnd - start
    guard integerDigits + fractionDigits <= 19 else { return nil }
    var significand: UInt64 = 0
    for offset in start..<integerEnd {
      significand = significand &* 10 &+ UInt64(bytes[offset] &- .digit0)
    }
    for offset in integerEnd + 1..<integerEnd + 1 + fractionDigits {
      significand = significand &* 10 &+ UInt64(bytes[offset] &- .digit0)
    }
    let power = exponent - fractionDigits
    guard significand <= 1 << 53, (-22...22).contains(power) else { return nil }
    let value = Double(significand)
    return power < 0 ? value / Self.powersOfTen[-power] : value * Self.powersOfTen[power]
  }

  /// 10^0 through 10^22, the powers of ten that are exact doubles.
  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The error for a malformed number starting at `start`, naming what is wrong with it.
  ///
  /// Also covers `+1` and `.5`, which start a value but not a JSON number, and the words
  /// `NaN` and `Infinity` with a sign.
  func invalidNumber(at start: Int) -> JSONSyntaxError {
    let position = position(at: start)
    let token = Array(UnsafeBufferPointer(rebasing: bytes[start..<numberTokenEnd(from: start)]))
    let text = String(decoding: token, as: UTF8.self)
    if let error = JSONSyntaxError.nonFiniteNumber(text, at: position) { return error }

    // Follow the grammar to the first rule the token breaks.
    var offset = 0
    func byte(_ at: Int) -> UInt8 { at < token.count ? token[at] : 0 }
    if byte(0) == .plus {
      return .invalidNumber(
        text, rule: "a number cannot start with '+'",
        fix: byte(1).isDigit ? String(text.dropFirst()) : nil, at: position)
    }
    if byte(0) == .minus { offset += 1 }
    let sign = offset == 1 ? "-" : ""
    if byte(offset) == .period {
      return .invalidNumber(
        text, rule: "a number needs a digit before the decimal point",
        fix: byte(offset + 1).isDigit ? sign + "0" + text.dropFirst(offset) : nil,
        at: position)
    }
    guard byte(offset).isDigit else {
      return .invalidNumber(text, rule: "a minus sign must be followed by digits", at: position)
    }
    if byte(offset) == .digit0, byte(offset + 1).isDigit {
      let zeros = token[offset...].prefix { $0 == .digit0 }.count
      let keep = byte(offset + zeros).isDigit ? zeros : zeros - 1
      return .invalidNumber(
        text, rule: "leading zeros are not allowed",
        fix: sign + String(decoding: token[(offset + keep)...], as: UTF8.self), at: position)
    }
    while byte(offset).isDigit { offset += 1 }
    if byte(offset) == .period {
      offset += 1
      guard byte(offset).isDigit else {
        return .invalidNumber(
          text, rule: "a decimal point must be followed by digits",
          fix: String(decoding: token[..<offset], as: UTF8.self) + "0"
            + String(decoding: token[offset...], as: UTF8.self), at: position)
      }
      while byte(offset).isDigit { offset += 1 }
    }
    if byte(offset) | 0x20 == .letterE {
      offset += 1
      if byte(offset) == .plus || byte(offset) == .minus { offset += 1 }
      guard byte(offset).isDigit else {
        return .invalidNumber(
          text, rule: "an exponent needs digits after the 'e'", at: position)
      }
    }
    return .invalidNumber(
      text, rule: "JSON numbers are decimal, like '-12', '0.5' or '1e-3'", at: position)
  }

  /// The end of the run of bytes that could belong to a malformed number starting at `start`.
  func numberTokenEnd(from start: Int) -> Int {
    var offset = start
    while bytes[offset].isNumberByte { offset += 1 }
    return offset
  }
}

extension JSONSyntaxError {
  static func invalidNumber(
    _ text: String, rule: String, fix: String? = nil, at position: JSONPosition
  ) -> Self {
    let fix = fix.map { "; write \(quoted($0))" } ?? ""
    return Self(message: "invalid number \(quoted(text)): \(rule)\(fix)", position: position)
  }

  static func numberOutOfRange(_ text: String, at position: JSONPosition) -> Self {
    Self(
      message: "number \(quoted(text)) is too large for a double; the largest is about 1.8e308",
      position: position)
  }

  /// The error for `NaN`, `Infinity` and their variants, or `nil` for any other word.
  static func nonFiniteNumber(_ word: String, at position: JSONPosition) -> Self? {
    let magnitude = word.first == "-" || word.first == "+" ? word.dropFirst() : word[...]
    guard ["nan", "infinity", "inf"].contains(magnitude.lowercased()) else { return nil }
    return Self(
      message: "\(quoted(word)) is not a JSON number; JSON has no NaN or infinity, "
        + "use null or a string instead",
      position: position)
  }
}
