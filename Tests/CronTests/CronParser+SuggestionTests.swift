import Testing

@testable import Cron

@Suite("Did-you-mean suggestions for cron names")
struct CronParserSuggestionTests {
  @Test(
    "a close name is suggested, in the input's case",
    arguments: [
      ("FRU", "FRI"), ("fru", "fri"), ("Fru", "FRI"), ("MONDAY", "MON"), ("monday", "mon"),
      ("WEN", "WED"), ("MO", "MON"), ("TH", "THU"), ("THUR", "THU"), ("XYZ", nil), ("", nil),
      // Ties suggest nothing: TUE and THU, SAT and SUN.
      ("TEU", nil), ("SAN", nil),
    ] as [(String, String?)])
  func weekdays(input: String, expected: String?) {
    #expect(CronParser.suggestion(for: input, among: CronField.weekdayNames) == expected)
  }
}
