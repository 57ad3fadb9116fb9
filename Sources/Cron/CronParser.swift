/// Turns the text of a cron expression into a `CronExpression`, reporting the first problem
/// with its field and column.
///
/// The parser works on an array of characters so that columns count what a person sees. It
/// splits the text into fields at white space, each field into list items at commas, and reads
/// each item as `*`, a value, or a range, with an optional `/step`.
struct CronParser {
  private let source: String
  private let characters: [Character]

  init(source: String) {
    self.source = source
    self.characters = Array(source)
  }

  /// The values one field contributes.
  private struct ParsedField {
    var values = BitSet64()
    var startsWithStar = false
    var lastDayOfMonth = false
    var nthWeekdays = BitSet64()
    var lastWeekdays = BitSet64()
  }

  /// A number or name read from an item.
  private struct Value {
    var value: Int
    var start: Int
    var end: Int
    /// `FRIL`: a weekday name directly followed by `L`.
    var isLastWeekday = false
    var isName = false
  }

  private static let shortcuts = [
    "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@reboot",
  ]

  func parse() throws(CronSyntaxError) -> CronExpression {
    let tokens = fieldRanges()
    if let first = tokens.first, characters[first.lowerBound] == "@" {
      return try parseShortcut(tokens)
    }
    guard tokens.count == 5 || tokens.count == 6 else {
      let column: Int
      if tokens.count > 6 {
        column = tokens[6].lowerBound + 1
      } else if let last = tokens.last {
        column = last.upperBound + 1
      } else {
        column = 1
      }
      throw CronSyntaxError(
        field: nil, column: column,
        message: "expected 5 fields (or 6 with seconds), found \(tokens.count)")
    }
    let hasSeconds = tokens.count == 6
    let fields: [CronField] =
      (hasSeconds ? [.second] : []) + [.minute, .hour, .dayOfMonth, .month, .dayOfWeek]
    var parsed: [CronField: ParsedField] = [:]
    var ranges: [CronField: Range<Int>] = [:]
    for (field, range) in zip(fields, tokens) {
      do {
        parsed[field] = try parseField(field, range)
      } catch var error {
        // A crontab line pasted whole: five good fields and then a command.
        if hasSeconds, error.hint == nil,
          (try? CronParser(source: text(tokens[0].lowerBound..<tokens[4].upperBound)).parse())
            != nil
        {
          error.hint =
            "the first 5 fields make a complete expression without '\(text(tokens[5]))'"
        }
        throw error
      }
      ranges[field] = range
    }
    let second = parsed[.second] ?? ParsedField(values: BitSet64(0...0))
    let minute = parsed[.minute] ?? ParsedField()
    let hour = parsed[.hour] ?? ParsedField()
    let dayOfMonth = parsed[.dayOfMonth] ?? ParsedField()
    let month = parsed[.month] ?? ParsedField()
    let dayOfWeek = parsed[.dayOfWeek] ?? ParsedField()
    let expression = CronExpression(
      source: source, hasSeconds: hasSeconds, isReboot: false, seconds: second.values,
      minutes: minute.values, hours: hour.values, daysOfMonth: dayOfMonth.values,
      months: month.values, daysOfWeek: dayOfWeek.values,
      lastDayOfMonth: dayOfMonth.lastDayOfMonth, nthWeekdays: dayOfWeek.nthWeekdays,
      lastWeekdays: dayOfWeek.lastWeekdays, minuteStartsWithStar: minute.startsWithStar,
      hourStartsWithStar: hour.startsWithStar,
      dayOfMonthStartsWithStar: dayOfMonth.startsWithStar,
      dayOfWeekStartsWithStar: dayOfWeek.startsWithStar)
    if let problem = expression.neverFiresReason(
      dayOfMonthText: text(ranges[.dayOfMonth] ?? 0..<0),
      dayOfWeekText: text(ranges[.dayOfWeek] ?? 0..<0))
    {
      throw CronSyntaxError(
        field: nil, column: (ranges[.dayOfMonth]?.lowerBound ?? 0) + 1,
        message: "never fires: \(problem)")
    }
    return expression
  }

  // MARK: - Fields

  /// The character ranges of the white-space-separated fields.
  private func fieldRanges() -> [Range<Int>] {
    var result: [Range<Int>] = []
    var index = 0
    while index < characters.count {
      if characters[index].isWhitespace {
        index += 1
        continue
      }
      let start = index
      while index < characters.count, !characters[index].isWhitespace { index += 1 }
      result.append(start..<index)
    }
    return result
  }

  private func parseShortcut(_ tokens: [Range<Int>]) throws(CronSyntaxError) -> CronExpression {
    let word = text(tokens[0])
    let all = BitSet64.self
    func expression(
      minuteStar: Bool = false, hourStar: Bool = false, dayOfMonth: BitSet64 = all.init(1...31),
      month: BitSet64 = all.init(1...12), dayOfWeek: BitSet64 = all.init(0...6),
      hours: BitSet64 = all.init(0...0), isReboot: Bool = false
    ) -> CronExpression {
      CronExpression(
        source: source, hasSeconds: false, isReboot: isReboot, seconds: all.init(0...0),
        minutes: isReboot ? all.init() : all.init(0...0), hours: isReboot ? all.init() : hours,
        daysOfMonth: dayOfMonth, months: month, daysOfWeek: dayOfWeek, lastDayOfMonth: false,
        nthWeekdays: all.init(), lastWeekdays: all.init(), minuteStartsWithStar: minuteStar,
        hourStartsWithStar: hourStar, dayOfMonthStartsWithStar: dayOfMonth.count == 31,
        dayOfWeekStartsWithStar: dayOfWeek.count == 7)
    }
    let result: CronExpression
    switch word.lowercased() {
    case "@yearly", "@annually":
      result = expression(dayOfMonth: all.init(1...1), month: all.init(1...1))
    case "@monthly": result = expression(dayOfMonth: all.init(1...1))
    case "@weekly": result = expression(dayOfWeek: all.init(0...0))
    case "@daily", "@midnight": result = expression()
    case "@hourly": result = expression(hourStar: true, hours: all.init(0...23))
    case "@reboot": result = expression(isReboot: true)
    default:
      let hint =
        Self.suggestion(for: word, among: Self.shortcuts).map { "did you mean '\($0)'?" }
        ?? "expected one of \(Self.shortcuts.joined(separator: ", "))"
      throw CronSyntaxError(
        field: nil, column: tokens[0].lowerBound + 1, message: "unknown shortcut '\(word)'",
        hint: hint)
    }
    if tokens.count > 1 {
      throw CronSyntaxError(
        field: nil, column: tokens[1].lowerBound + 1,
        message: "unexpected '\(text(tokens[1]))' after '\(word)'")
    }
    return result
  }

  private func parseField(
    _ field: CronField, _ range: Range<Int>
  ) throws(CronSyntaxError) -> ParsedField {
    var result = ParsedField()
    result.startsWithStar = characters[range.lowerBound] == "*"
    var itemStart = range.lowerBound
    while true {
      var itemEnd = itemStart
      while itemEnd < range.upperBound, characters[itemEnd] != "," { itemEnd += 1 }
      if itemEnd == itemStart {
        throw CronSyntaxError(field: field, column: itemStart + 1, message: "empty item in list")
      }
      try parseItem(field, itemStart..<itemEnd, into: &result)
      if itemEnd == range.upperBound { break }
      itemStart = itemEnd + 1
    }
    if field == .dayOfWeek, result.values.contains(7) {
      // 7 is another name for Sunday.
      result.values.rawValue &= ~(1 << 7)
      result.values.insert(0)
    }
    return result
  }

  // MARK: - Items

  private func parseItem(
    _ field: CronField, _ range: Range<Int>, into result: inout ParsedField
  ) throws(CronSyntaxError) {
    let end = range.upperBound
    var index = range.lowerBound
    let bounds = field.bounds

    if field == .dayOfMonth, characters[index].isLetter {
      let letters = run(from: index, to: end, where: \.isLetter)
      guard text(index..<letters).uppercased() == "L" else {
        throw error(field, index, "expected a number or 'L', found '\(text(index..<letters))'")
      }
      try expectEnd(field, letters, end)
      result.lastDayOfMonth = true
      return
    }

    if characters[index] == "*" {
      index += 1
      if index < end, characters[index] != "/" {
        throw error(field, index, "unexpected '\(characters[index])' after '*'")
      }
      var step = 1
      if index < end { step = try readStep(field, slash: index, end: end) }
      insert(stride(from: bounds.lowerBound, through: bounds.upperBound, by: step), into: &result)
      return
    }

    let first = try readValue(field, from: index, end: end, allowsLastWeekday: true)
    index = first.end
    if field == .dayOfWeek {
      if first.isLastWeekday {
        try expectEnd(field, index, end)
        result.lastWeekdays.insert(first.value % 7)
        return
      }
      if index < end, characters[index] == "#" {
        let occurrence = try readOccurrence(field, hash: index, end: end)
        result.nthWeekdays.insert(first.value % 7 * 5 + occurrence - 1)
        return
      }
      if !first.isName, index < end, characters[index] == "L" || characters[index] == "l" {
        try expectEnd(field, index + 1, end)
        result.lastWeekdays.insert(first.value % 7)
        return
      }
    }

    let low = first.value
    var high = first.value
    var isRange = false
    if index < end, characters[index] == "-" {
      guard index + 1 < end else {
        throw error(field, index + 1, "expected \(valueNoun(field)) after '-'")
      }
      let second = try readValue(field, from: index + 1, end: end, allowsLastWeekday: false)
      if first.value > second.value {
        throw error(
          field, first.start, "range \(text(first.start..<second.end)) is reversed",
          hint: field == .dayOfWeek && second.value == 0
            ? "use 7 for Sunday at the end of a range" : nil)
      }
      high = second.value
      index = second.end
      isRange = true
    }
    if index < end, characters[index] == "/" {
      let step = try readStep(field, slash: index, end: end)
      // cronie reads `5/15` as `5-max/15`.
      if !isRange { high = bounds.upperBound }
      insert(stride(from: low, through: high, by: step), into: &result)
      return
    }
    if index < end {
      throw error(field, index, "unexpected '\(characters[index])'")
    }
    insert(stride(from: low, through: high, by: 1), into: &result)
  }

  private func insert(_ values: StrideThrough<Int>, into result: inout ParsedField) {
    for value in values { result.values.insert(value) }
  }

  /// Reads a number or (in the month and day-of-week fields) a three-letter name, and checks
  /// it against the field's range. `allowsLastWeekday` is true at the start of an item and
  /// false at the end of a range.
  private func readValue(
    _ field: CronField, from start: Int, end: Int, allowsLastWeekday: Bool
  ) throws(CronSyntaxError) -> Value {
    let bounds = field.bounds
    let character = characters[start]
    if character.isASCII, character.isNumber {
      let digitsEnd = run(from: start, to: end, where: \.isASCIIDigit)
      let digits = text(start..<digitsEnd)
      // More than four digits is out of range in every field; this also avoids overflow.
      let value = digits.count > 4 ? Int.max : Int(digits) ?? Int.max
      guard bounds.contains(value) else {
        throw error(
          field, start, "\(digits) is out of range \(bounds.lowerBound)-\(bounds.upperBound)")
      }
      return Value(value: value, start: start, end: digitsEnd)
    }
    guard character.isLetter else {
      let noun = field == .dayOfMonth && allowsLastWeekday ? "a number or 'L'" : valueNoun(field)
      throw error(field, start, "expected \(noun), found '\(character)'")
    }
    let lettersEnd = run(from: start, to: end, where: \.isLetter)
    let word = text(start..<lettersEnd)
    let names = field.names
    guard !names.isEmpty else {
      throw error(field, start, "expected \(valueNoun(field)), found '\(word)'")
    }
    let upper = word.uppercased()
    if let index = names.firstIndex(of: upper) {
      return Value(value: bounds.lowerBound + index, start: start, end: lettersEnd, isName: true)
    }
    if field == .dayOfWeek, allowsLastWeekday, upper.count == 4, upper.hasSuffix("L"),
      let index = names.firstIndex(of: String(upper.prefix(3)))
    {
      return Value(
        value: index, start: start, end: lettersEnd, isLastWeekday: true, isName: true)
    }
    if field == .dayOfWeek, upper == "L" {
      throw error(field, start, "'L' needs a weekday in day of week, as in '5L' or 'FRIL'")
    }
    var hint: String?
    if let suggestion = Self.suggestion(for: word, among: names) {
      hint = "did you mean '\(suggestion)'?"
    } else if field == .dayOfWeek, CronField.monthNames.contains(upper) {
      hint = "month names belong in the month field"
    } else if field == .month, CronField.weekdayNames.contains(upper) {
      hint = "weekday names belong in the day of week field"
    }
    throw error(field, start, "unknown name '\(word)'", hint: hint)
  }

  /// Reads the step after a `/` at `slash`.
  private func readStep(
    _ field: CronField, slash: Int, end: Int
  ) throws(CronSyntaxError) -> Int {
    let start = slash + 1
    guard start < end else { throw error(field, start, "expected a step after '/'") }
    let digitsEnd = run(from: start, to: end, where: \.isASCIIDigit)
    guard digitsEnd > start else {
      throw error(field, start, "expected a step after '/', found '\(characters[start])'")
    }
    let digits = text(start..<digitsEnd)
    // A step wider than the field selects only the start, so large steps are capped.
    let step = digits.count > 4 ? 10_000 : Int(digits) ?? 10_000
    guard step > 0 else { throw error(field, start, "step must be at least 1, found \(digits)") }
    try expectEnd(field, digitsEnd, end)
    return step
  }

  /// Reads the occurrence after a `#` at `hash` (`FRI#2`).
  private func readOccurrence(
    _ field: CronField, hash: Int, end: Int
  ) throws(CronSyntaxError) -> Int {
    let start = hash + 1
    guard start < end else { throw error(field, start, "expected a number after '#'") }
    let digitsEnd = run(from: start, to: end, where: \.isASCIIDigit)
    guard digitsEnd > start else {
      throw error(field, start, "expected a number after '#', found '\(characters[start])'")
    }
    let digits = text(start..<digitsEnd)
    let occurrence = digits.count > 4 ? Int.max : Int(digits) ?? Int.max
    guard (1...5).contains(occurrence) else {
      throw error(field, start, "occurrence \(digits) is out of range 1-5")
    }
    try expectEnd(field, digitsEnd, end)
    return occurrence
  }

  // MARK: - Helpers

  private func valueNoun(_ field: CronField) -> String {
    field.names.isEmpty ? "a number" : "a number or a name"
  }

  private func expectEnd(_ field: CronField, _ index: Int, _ end: Int) throws(CronSyntaxError) {
    if index < end {
      throw error(field, index, "unexpected '\(characters[index])'")
    }
  }

  private func run(from start: Int, to end: Int, where test: (Character) -> Bool) -> Int {
    var index = start
    while index < end, test(characters[index]) { index += 1 }
    return index
  }

  private func text(_ range: Range<Int>) -> String {
    String(characters[range])
  }

  /// An error at the 0-based character `index`.
  private func error(
    _ field: CronField, _ index: Int, _ message: String, hint: String? = nil
  ) -> CronSyntaxError {
    CronSyntaxError(field: field, column: index + 1, message: message, hint: hint)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool {
    isASCII && isNumber
  }
}
