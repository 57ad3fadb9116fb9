import Suggestions
import Testing

@Suite("Did-you-mean suggestions")
struct SpellingTests {
  let intents = ["todos.add", "todos.find", "todos.complete", "todos.delete", "text.uppercase"]

  @Test(
    "a near miss finds the intended name",
    arguments: [
      ("todos.complet", "todos.complete"), ("todos.ad", "todos.add"), ("tdoos.add", "todos.add"),
      ("todos.fnid", "todos.find"), ("todos.dlete", "todos.delete"),
      ("TODOS.ADD", "todos.add"), ("text.upercase", "text.uppercase"),
    ])
  func nearMiss(name: String, expected: String) {
    #expect(Spelling.closest(to: name, among: intents) == expected)
  }

  @Test(
    "a name too far from every candidate gets no suggestion",
    arguments: ["zzz", "calendar.add", "x"])
  func tooFar(name: String) {
    #expect(Spelling.closest(to: name, among: intents) == nil)
  }

  @Test("an empty name or no candidates give no suggestion")
  func empty() {
    #expect(Spelling.closest(to: "", among: intents) == nil)
    #expect(Spelling.closest(to: "todos.add", among: [String]()) == nil)
  }

  @Test("an exact match in another case is returned as the candidate spells it")
  func exactOtherCase() {
    #expect(Spelling.closest(to: "Timeout", among: ["id", "timeout"]) == "timeout")
  }

  @Test("a prefix of three or more characters qualifies; a shorter one does not")
  func prefixes() {
    #expect(Spelling.closest(to: "todo", among: ["todos.complete"]) == "todos.complete")
    #expect(
      Spelling.closest(to: "todos.complete.now.please", among: ["todos.complete"])
        == "todos.complete")
    #expect(Spelling.closest(to: "to", among: ["todos.complete"]) == nil)
  }

  @Test("the closest candidate wins, and ties go to the one listed first")
  func ranking() {
    #expect(Spelling.closest(to: "cat", among: ["cart", "cast", "cat2"]) == "cart")
    #expect(Spelling.closest(to: "steps", among: ["step", "steps2", "stops"]) == "step")
    #expect(Spelling.closest(to: "inptus", among: ["output", "inputs"]) == "inputs")
  }

  @Test(
    "edit distance counts insertions, deletions, substitutions and neighbour swaps",
    arguments: [
      ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("abc", "abd", 1),
      ("abc", "ab", 1), ("ab", "abc", 1), ("abc", "acb", 1), ("ca", "abc", 3),
      ("kitten", "sitting", 3), ("čaj", "caj", 1),
    ])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(
      Spelling.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance)
  }

  @Test(
    "cron's names: a close one is suggested; equally close ones give no suggestion",
    arguments: [
      ("FRU", "FRI"), ("fru", "FRI"), ("MONDAY", "MON"), ("WEN", "WED"), ("MO", "MON"),
      ("TH", "THU"), ("THUR", "THU"), ("XYZ", nil), ("", nil),
      // TUE and THU, SAT and SUN are equally close.
      ("TEU", nil), ("SAN", nil),
    ] as [(String, String?)])
  func noSuggestionOnTies(input: String, expected: String?) {
    let weekdays = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
    #expect(Spelling.closest(to: input, among: weekdays, ties: .noSuggestion) == expected)
  }

  @Test("ties go to the first listed unless asked for no suggestion")
  func tieRules() {
    #expect(Spelling.closest(to: "TEU", among: ["TUE", "THU"]) == "TUE")
    #expect(Spelling.closest(to: "TEU", among: ["THU", "TUE"]) == "THU")
    #expect(Spelling.closest(to: "TEU", among: ["TUE", "THU"], ties: .noSuggestion) == nil)
    // A closer candidate after a tie still wins.
    let candidates = ["abcxyf", "abcyxf", "abcdeg"]
    #expect(Spelling.closest(to: "abcdef", among: candidates, ties: .noSuggestion) == "abcdeg")
  }
}
