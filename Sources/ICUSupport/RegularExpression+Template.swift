extension RegularExpression {
  private static let dollar = UInt16(UInt8(ascii: "$"))
  private static let backslash = UInt16(UInt8(ascii: "\\"))
  private static let zero = UInt16(UInt8(ascii: "0"))

  /// Appends `template` expanded for one match, as `NSRegularExpression` expands it.
  ///
  /// `$` takes up to as many digits as the number of groups (counting group 0) has, even if
  /// they name a group that does not exist; `$` without a digit stays. A `\` is dropped and
  /// the character after it kept; a `\` at the end is dropped.
  static func expand(
    _ template: [UInt16], groups: [Range<Int>?], in text: [UInt16], into result: inout [UInt16]
  ) {
    var maximumDigits = 1
    var magnitude = 10
    while magnitude < groups.count && maximumDigits < 20 {
      maximumDigits += 1
      magnitude *= 10
    }
    var position = template.startIndex
    while position < template.endIndex {
      let unit = template[position]
      if unit == backslash {
        position += 1
        if position < template.endIndex {
          result.append(template[position])
          position += 1
        }
      } else if unit == dollar {
        var end = position + 1
        var group = 0
        while end < template.endIndex, end < position + 1 + maximumDigits,
          (zero...zero + 9).contains(template[end])
        {
          group = group * 10 + Int(template[end] - zero)
          end += 1
        }
        if end == position + 1 {
          result.append(unit)
        } else if group < groups.count, let range = groups[group] {
          result.append(contentsOf: text[range])
        }
        position = end
      } else {
        result.append(unit)
        position += 1
      }
    }
  }
}
