/// A number as its decimal digits, for rounding and formatting without binary surprises:
/// 2.675 rounds to 2.68, as a person expects, where `(2.675 * 100).rounded() / 100` gives 2.67.
///
/// It starts from the shortest text that reads back as the same `Double` (Swift's
/// `description`), so the digits are the ones people see.
struct DecimalDigits: Sendable, Hashable {
  /// How `round(places:mode:)` treats the digits it drops.
  enum Rounding: Sendable {
    /// To the nearest; halves away from zero (2.5 → 3, -2.5 → -3).
    case nearest
    /// Toward positive infinity (2.1 → 3, -2.9 → -2).
    case up
    /// Toward negative infinity (2.9 → 2, -2.1 → -3).
    case down
  }

  var isNegative: Bool
  /// The digits of the magnitude as a whole number, most significant first.
  var digits: [UInt8]
  /// How many of `digits` are after the decimal point (never negative).
  var scale: Int

  /// The digits of a finite number.
  init(_ value: Double) {
    precondition(value.isFinite, "only finite numbers have digits")
    var text = Substring(value.magnitude.description)
    var exponent = 0
    if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: marker)...]) ?? 0
      text = text[..<marker]
    }
    var digits: [UInt8] = []
    var scale = 0
    var afterPoint = false
    for character in text {
      if character == "." {
        afterPoint = true
      } else if let digit = character.wholeNumberValue {
        digits.append(UInt8(digit))
        if afterPoint { scale += 1 }
      }
    }
    scale -= exponent
    if scale < 0 {
      digits += Array(repeating: 0, count: -scale)
      scale = 0
    }
    self.isNegative = value < 0
    self.digits = digits.isEmpty ? [0] : digits
    self.scale = scale
  }

  /// Whether every digit is zero.
  var isZero: Bool { digits.allSatisfy { $0 == 0 } }

  /// The number rounded to `places` digits after the point; a negative `places` rounds to
  /// tens (-1), hundreds (-2) and so on.
  func rounded(places: Int, mode: Rounding) -> DecimalDigits {
    let dropCount = scale - places
    guard dropCount > 0 else { return self }
    var digits = self.digits
    // Keep at least one digit in front of the dropped ones, so a carry has a place to go.
    if digits.count <= dropCount {
      digits.insert(contentsOf: repeatElement(0, count: dropCount - digits.count + 1), at: 0)
    }
    let dropped = digits.suffix(dropCount)
    var kept = Array(digits.dropLast(dropCount))
    let anyDropped = dropped.contains { $0 != 0 }
    let increment: Bool
    switch mode {
    case .nearest: increment = (dropped.first ?? 0) >= 5
    case .up: increment = anyDropped && !isNegative
    case .down: increment = anyDropped && isNegative
    }
    if increment {
      var index = kept.count - 1
      while index >= 0 {
        if kept[index] == 9 {
          kept[index] = 0
          index -= 1
        } else {
          kept[index] += 1
          break
        }
      }
      if index < 0 { kept.insert(1, at: 0) }
    }
    var result = self
    result.scale = max(places, 0)
    result.digits = places < 0 ? kept + Array(repeating: 0, count: -places) : kept
    return result
  }

  /// The digits as text with exactly `decimals` digits after a `.`, and, when `grouping`, a
  /// `,` between each group of three digits before it. Zero has no sign.
  func formatted(decimals: Int, grouping: Bool) -> String {
    var digits = self.digits
    var scale = self.scale
    if scale < decimals {
      digits += Array(repeating: 0, count: decimals - scale)
      scale = decimals
    }
    if digits.count <= scale {
      digits.insert(contentsOf: repeatElement(0, count: scale - digits.count + 1), at: 0)
    }
    let whole = Array(digits.dropLast(scale).drop { $0 == 0 })
    let fraction = digits.suffix(scale).prefix(decimals)
    var wholeText = whole.isEmpty ? "0" : String(whole.map { Character(String($0)) })
    if grouping {
      var grouped = ""
      for (index, character) in wholeText.enumerated() {
        if index > 0, (wholeText.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(character)
      }
      wholeText = grouped
    }
    let sign = isNegative && !isZero ? "-" : ""
    let fractionText = fraction.isEmpty ? "" : "." + fraction.map { String($0) }.joined()
    return sign + wholeText + fractionText
  }

  /// The number as a `Double` (negative zero becomes zero).
  var doubleValue: Double {
    let value = Double(formatted(decimals: scale, grouping: false)) ?? 0
    return value == 0 ? 0 : value
  }
}
