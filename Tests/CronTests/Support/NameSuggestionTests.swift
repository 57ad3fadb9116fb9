import Testing

@testable import Cron

@Suite("Did-you-mean suggestions")
struct NameSuggestionTests {
  @Test(
    "a close name is suggested, in the input's case",
    arguments: [
      ("FRU", "FRI"), ("fru", "fri"), ("Fru", "FRI"), ("MONDAY", "MON"), ("monday", "mon"),
      ("WEN", "WED"), ("MO", "MON"), ("TH", "THU"), ("THUR", "THU"), ("XYZ", nil), ("", nil),
      // Ties suggest nothing: TUE and THU, SAT and SUN.
      ("TEU", nil), ("SAN", nil),
    ] as [(String, String?)])
  func weekdays(input: String, expected: String?) {
    #expect(NameSuggestion.closest(to: input, among: CronField.weekdayNames) == expected)
  }

  @Test("edit distance counts transpositions as one edit")
  func editDistance() {
    #expect(NameSuggestion.editDistance(Array("FIR"), Array("FRI")) == 1)
    #expect(NameSuggestion.editDistance(Array("abc"), Array("abc")) == 0)
    #expect(NameSuggestion.editDistance(Array(""), Array("abc")) == 3)
    #expect(NameSuggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
  }
}
