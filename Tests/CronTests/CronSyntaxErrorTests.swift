import Cron
import Testing

@Suite("Syntax errors name the field and the column")
struct CronSyntaxErrorTests {
  static let errors: [(source: String, description: String)] = [
    // The number of fields.
    ("", "expected 5 fields (or 6 with seconds), found 0 (column 1)"),
    ("   ", "expected 5 fields (or 6 with seconds), found 0 (column 1)"),
    ("* * * *", "expected 5 fields (or 6 with seconds), found 4 (column 8)"),
    ("0 7", "expected 5 fields (or 6 with seconds), found 2 (column 4)"),
    ("0 0 0 * * * *", "expected 5 fields (or 6 with seconds), found 7 (column 13)"),
    (
      "0 7 * * 1-5 /bin/backup",
      "day of week: expected a number or a name, found '/' (column 13); the first 5 fields make "
        + "a complete expression without '/bin/backup'"
    ),
    // Out of range.
    ("61 * * * *", "minute: 61 is out of range 0-59 (column 1)"),
    ("60 * * * *", "minute: 60 is out of range 0-59 (column 1)"),
    ("0 24 * * *", "hour: 24 is out of range 0-23 (column 3)"),
    ("0 0 0 * *", "day of month: 0 is out of range 1-31 (column 5)"),
    ("0 0 32 * *", "day of month: 32 is out of range 1-31 (column 5)"),
    ("0 0 * 0 *", "month: 0 is out of range 1-12 (column 7)"),
    ("0 0 * 13 *", "month: 13 is out of range 1-12 (column 7)"),
    ("0 0 * * 8", "day of week: 8 is out of range 0-7 (column 9)"),
    ("60 0 0 * * *", "second: 60 is out of range 0-59 (column 1)"),
    ("1,2,99 * * * *", "minute: 99 is out of range 0-59 (column 5)"),
    ("0 1-25 * * *", "hour: 25 is out of range 0-23 (column 5)"),
    (
      "99999999999999999999 * * * *",
      "minute: 99999999999999999999 is out of range 0-59 (column 1)"
    ),
    ("0 0 * * 8#1", "day of week: 8 is out of range 0-7 (column 9)"),
    // Names.
    ("0 7 * * FRU", "day of week: unknown name 'FRU' (column 9); did you mean 'FRI'?"),
    ("0 7 * * fru", "day of week: unknown name 'fru' (column 9); did you mean 'fri'?"),
    ("0 7 * * MONDAY", "day of week: unknown name 'MONDAY' (column 9); did you mean 'MON'?"),
    ("0 7 * * MON-FRY", "day of week: unknown name 'FRY' (column 13); did you mean 'FRI'?"),
    ("0 7 * * XYZ", "day of week: unknown name 'XYZ' (column 9)"),
    ("0 7 * * SAN", "day of week: unknown name 'SAN' (column 9)"),
    ("0 7 * JAM *", "month: unknown name 'JAM' (column 7); did you mean 'JAN'?"),
    ("0 7 * January *", "month: unknown name 'January' (column 7); did you mean 'JAN'?"),
    (
      "0 7 * * JAN",
      "day of week: unknown name 'JAN' (column 9); month names belong in the month field"
    ),
    (
      "0 7 * MON *",
      "month: unknown name 'MON' (column 7); weekday names belong in the day of week field"
    ),
    (
      "0 7 * * L",
      "day of week: 'L' needs a weekday in day of week, as in '5L' or 'FRIL' (column 9)"
    ),
    ("0 7 * * FRIX", "day of week: unknown name 'FRIX' (column 9); did you mean 'FRI'?"),
    // Names where numbers are wanted.
    ("a * * * *", "minute: expected a number, found 'a' (column 1)"),
    ("0 noon * * *", "hour: expected a number, found 'noon' (column 3)"),
    ("0 0 W * *", "day of month: expected a number or 'L', found 'W' (column 5)"),
    ("0 0 LW * *", "day of month: expected a number or 'L', found 'LW' (column 5)"),
    ("0 0 1-L * *", "day of month: expected a number, found 'L' (column 7)"),
    // Unexpected characters.
    ("? * * * *", "minute: expected a number, found '?' (column 1)"),
    ("0 0 ? * *", "day of month: expected a number or 'L', found '?' (column 5)"),
    ("0 0 * * ?", "day of week: expected a number or a name, found '?' (column 9)"),
    ("-5 * * * *", "minute: expected a number, found '-' (column 1)"),
    ("*5 * * * *", "minute: unexpected '5' after '*' (column 2)"),
    ("*-5 * * * *", "minute: unexpected '-' after '*' (column 2)"),
    ("5x * * * *", "minute: unexpected 'x' (column 2)"),
    ("1-5-7 * * * *", "minute: unexpected '-' (column 4)"),
    ("1- * * * *", "minute: expected a number after '-' (column 3)"),
    ("0 0 * JAN- *", "month: expected a number or a name after '-' (column 11)"),
    ("0 0 L-5 * *", "day of month: unexpected '-' (column 6)"),
    ("0 0 L/2 * *", "day of month: unexpected '/' (column 6)"),
    ("0 0 5L * *", "day of month: unexpected 'L' (column 6)"),
    ("0 0 * * 5L3", "day of week: unexpected '3' (column 11)"),
    ("0 0 * * FRIL-SAT", "day of week: unexpected '-' (column 13)"),
    ("0 0 * * 5#2-3", "day of week: unexpected '-' (column 12)"),
    ("0 0 * * *#2", "day of week: unexpected '#' after '*' (column 10)"),
    ("0 0 1#2 * *", "day of month: unexpected '#' (column 6)"),
    ("0 0–5 * * *", "hour: unexpected '–' (column 4)"),
    // Occurrences.
    ("0 0 * * FRI#6", "day of week: occurrence 6 is out of range 1-5 (column 13)"),
    ("0 0 * * 5#0", "day of week: occurrence 0 is out of range 1-5 (column 11)"),
    ("0 0 * * 5#", "day of week: expected a number after '#' (column 11)"),
    ("0 0 * * 5#L", "day of week: expected a number after '#', found 'L' (column 11)"),
    // Lists.
    ("1,,2 * * * *", "minute: empty item in list (column 3)"),
    (",5 * * * *", "minute: empty item in list (column 1)"),
    ("5, * * * *", "minute: empty item in list (column 3)"),
    ("0 0 1,15, * *", "day of month: empty item in list (column 10)"),
    // Ranges.
    ("0 5-2 * * *", "hour: range 5-2 is reversed (column 3)"),
    ("40-10 * * * *", "minute: range 40-10 is reversed (column 1)"),
    ("0 0 * DEC-JAN *", "month: range DEC-JAN is reversed (column 7)"),
    ("0 0 * * FRI-MON", "day of week: range FRI-MON is reversed (column 9)"),
    (
      "0 0 * * MON-SUN",
      "day of week: range MON-SUN is reversed (column 9); use 7 for Sunday at the end of a range"
    ),
    (
      "0 0 * * 1-0",
      "day of week: range 1-0 is reversed (column 9); use 7 for Sunday at the end of a range"
    ),
    // Steps.
    ("*/0 * * * *", "minute: step must be at least 1, found 0 (column 3)"),
    ("0 1-5/00 * * *", "hour: step must be at least 1, found 00 (column 7)"),
    ("*/ * * * *", "minute: expected a step after '/' (column 3)"),
    ("*/x * * * *", "minute: expected a step after '/', found 'x' (column 3)"),
    ("*/-1 * * * *", "minute: expected a step after '/', found '-' (column 3)"),
    ("*/5/2 * * * *", "minute: unexpected '/' (column 4)"),
    ("0 0 * * MON/FRI", "day of week: expected a step after '/', found 'F' (column 13)"),
    // Shortcuts.
    ("@dayly", "unknown shortcut '@dayly' (column 1); did you mean '@daily'?"),
    ("@hour", "unknown shortcut '@hour' (column 1); did you mean '@hourly'?"),
    (
      "@every",
      "unknown shortcut '@every' (column 1); expected one of @yearly, @annually, "
        + "@monthly, @weekly, @daily, @midnight, @hourly, @reboot"
    ),
    (
      "@",
      "unknown shortcut '@' (column 1); expected one of @yearly, @annually, @monthly, "
        + "@weekly, @daily, @midnight, @hourly, @reboot"
    ),
    ("  @daily now", "unexpected 'now' after '@daily' (column 10)"),
    // Never fires.
    ("0 0 30 2 *", "never fires: day 30 does not occur in February (column 5)"),
    ("0 0 31 2 *", "never fires: day 31 does not occur in February (column 5)"),
    ("0 0 30,31 FEB *", "never fires: days 30 and 31 do not occur in February (column 5)"),
    (
      "0 0 31 4,6,9,11 *",
      "never fires: day 31 does not occur in April, June, September or November (column 5)"
    ),
    ("0 0 31 2,4 *", "never fires: day 31 does not occur in February or April (column 5)"),
    ("0 0 0 31 4 *", "never fires: day 31 does not occur in April (column 7)"),
    (
      "0 0 */3 2 5#5",
      "never fires: no day in February matches both day of month '*/3' and day of week '5#5' "
        + "(column 5)"
    ),
  ]

  @Test("each mistake gets its exact message", arguments: errors)
  func exactText(source: String, description: String) {
    #expect(throws: (any Error).self) { try CronExpression(parsing: source) }
    do {
      _ = try CronExpression(parsing: source)
    } catch {
      #expect(error.description == description)
    }
  }

  @Test("the parts of an error are separate")
  func parts() {
    do {
      _ = try CronExpression(parsing: "0 7 * * FRU")
      Issue.record("expected an error")
    } catch {
      #expect(error.field == .dayOfWeek)
      #expect(error.column == 9)
      #expect(error.message == "unknown name 'FRU'")
      #expect(error.hint == "did you mean 'FRI'?")
    }
    do {
      _ = try CronExpression(parsing: "* * * *")
      Issue.record("expected an error")
    } catch {
      #expect(error.field == nil)
      #expect(error.message == "expected 5 fields (or 6 with seconds), found 4")
    }
  }

  @Test("columns count characters, not bytes")
  func columnsCountCharacters() {
    do {
      _ = try CronExpression(parsing: "é é é é é é é")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "expected 5 fields (or 6 with seconds), found 7 (column 13)")
    }
    do {
      _ = try CronExpression(parsing: "0 0 * * éé")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "day of week: unknown name 'éé' (column 9)")
    }
  }

  @Test("an annotated error points a caret at the column")
  func annotated() {
    let error = CronSyntaxError(field: .minute, column: 1, message: "61 is out of range 0-59")
    #expect(
      error.annotated(source: "61 7 * * *")
        == "minute: 61 is out of range 0-59 (column 1)\n  61 7 * * *\n  ^")
    let tabbed = CronSyntaxError(field: .hour, column: 3, message: "24 is out of range 0-23")
    #expect(
      tabbed.annotated(source: "0\t24 * * *")
        == "hour: 24 is out of range 0-23 (column 3)\n  0 24 * * *\n    ^")
  }
}
