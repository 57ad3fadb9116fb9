import Foundation
import ICUSupport
import Synchronization
import Testing

/// A pattern, how it is read, and a text to search: one row of the differential table.
struct RegexCase: Sendable, CustomTestStringConvertible {
  var pattern: String
  var options: RegularExpression.Options = []
  var text: String

  var testDescription: String { "/\(pattern)/ in '\(text)'" }

  var foundationOptions: NSRegularExpression.Options {
    var options: NSRegularExpression.Options = []
    if self.options.contains(.caseInsensitive) { options.insert(.caseInsensitive) }
    if self.options.contains(.anchorsMatchLines) { options.insert(.anchorsMatchLines) }
    return options
  }
}

private let lines: RegularExpression.Options = [.anchorsMatchLines]
private let linesIgnoringCase: RegularExpression.Options = [.anchorsMatchLines, .caseInsensitive]

/// Cases like those of text.match, text.replace and phrases: lookaround, case, anchors per line,
/// Unicode beyond the BMP, combining marks, empty matches and optional groups.
private let regexCases: [RegexCase] = [
  RegexCase(pattern: "[0-9]+", options: lines, text: "a1 b22 c333"),
  RegexCase(pattern: "(?<=a)b", text: "ab cb abab"),
  RegexCase(pattern: "(?<!a)b", text: "ab cb abab b"),
  RegexCase(pattern: "b(?=c)", text: "bc bd bcb"),
  RegexCase(pattern: "milk", options: linesIgnoringCase, text: "Milk MILK mIlK silk"),
  RegexCase(pattern: "straße", options: [.caseInsensitive], text: "STRASSE Straße STRAẞE"),
  RegexCase(pattern: "^ERROR.*$", options: lines, text: "INFO ok\nERROR one\nERROR two\r\nx"),
  RegexCase(pattern: "^ERROR.*$", text: "INFO ok\nERROR one\nERROR two"),
  RegexCase(pattern: "^", options: lines, text: "a\nb\n\nc"),
  RegexCase(pattern: "$", options: lines, text: "a\nb\n"),
  RegexCase(pattern: "x*", text: "axxb"),
  RegexCase(pattern: "a|", text: "bab"),
  RegexCase(pattern: "\\b", text: "two words"),
  RegexCase(pattern: "👍", text: "a👍b👍🏽c"),
  RegexCase(pattern: ".", text: "👨‍👩‍👧é"),
  RegexCase(pattern: "\\X", text: "👨‍👩‍👧e\u{301}x"),
  RegexCase(pattern: "e", text: "cafe\u{301} e"),
  RegexCase(pattern: "\u{301}", text: "cafe\u{301}"),
  RegexCase(pattern: "[🍎-🍐]+", text: "x🍎🍏🍐y🍑"),
  RegexCase(pattern: "(\\w+)@(\\w+)\\.com", options: lines, text: "ann@x.com, bob@yy.com"),
  RegexCase(pattern: "(a)|(b)", text: "ab"),
  RegexCase(pattern: "(a)?(b)", text: "b ab"),
  RegexCase(pattern: "(?<year>\\d{4})-(?<month>\\d\\d)", text: "on 2026-03 and 1999-12"),
  RegexCase(pattern: "((a)(b(c)))", text: "abc abc"),
  RegexCase(pattern: "(.)(.)(.)(.)(.)(.)(.)(.)(.)(.)(.)", text: "abcdefghijklmnop"),
  RegexCase(pattern: "\\s+", text: "a \t b\u{00A0}c\u{2003}d"),
  RegexCase(pattern: "[[:alpha:]]+", text: "Žluťoučký kůň 42"),
  RegexCase(pattern: "\\p{Lu}", text: "aÄbΩc"),
  RegexCase(pattern: "é", options: [.caseInsensitive], text: "É é e\u{301}"),
  RegexCase(pattern: "\\$\\d+\\.\\d\\d", text: "cost $12.50 or $3.99"),
  RegexCase(pattern: "a.c", text: "a\nc abc"),
  RegexCase(pattern: "(?i)abc", text: "ABC"),
  RegexCase(pattern: "(?m)^b", text: "a\nb"),
  RegexCase(pattern: "\\d+", text: ""),
  RegexCase(pattern: "z", text: "no match here"),
  RegexCase(pattern: "\\u00e9|\\x{1F44D}", text: "é👍"),
]

@Suite("Regular expressions against NSRegularExpression")
struct RegularExpressionTests {
  /// The UTF-16 ranges of each match and group, as NSRegularExpression reports them.
  private static func foundationMatches(_ row: RegexCase) throws -> [[NSRange]] {
    let expression = try NSRegularExpression(pattern: row.pattern, options: row.foundationOptions)
    let range = NSRange(location: 0, length: row.text.utf16.count)
    return expression.matches(in: row.text, range: range).map { match in
      (0..<match.numberOfRanges).map { match.range(at: $0) }
    }
  }

  /// The same, from ICUSupport's ranges of `String.Index`.
  private static func matches(_ row: RegexCase, in text: Substring) throws -> [[NSRange]] {
    let expression = try RegularExpression(row.pattern, options: row.options)
    return try expression.matches(in: text).map { match in
      match.groups.map { range in
        guard let range else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(range, in: text.base)
      }
    }
  }

  @Test("matches and groups are the ones NSRegularExpression finds", arguments: regexCases)
  func matches(row: RegexCase) throws {
    let expected = try Self.foundationMatches(row)
    #expect(try Self.matches(row, in: row.text[...]) == expected)
    let first = try RegularExpression(row.pattern, options: row.options).firstMatch(in: row.text)
    #expect(first.map { NSRange($0.range, in: row.text) } == expected.first?[0])
  }

  @Test("a match in a substring gives indices of the whole string", arguments: regexCases)
  func substring(row: RegexCase) throws {
    let text = "🎉\n" + row.text + "\n🎉"
    let inner = text.dropFirst(2).dropLast(2)
    #expect(String(inner) == row.text)
    let offset = 3  // 🎉 is two UTF-16 units, then a line break.
    let expected = try Self.foundationMatches(row).map { groups in
      groups.map {
        $0.location == NSNotFound ? $0 : NSRange(location: $0.location + offset, length: $0.length)
      }
    }
    #expect(try Self.matches(row, in: inner) == expected)
  }

  @Test(
    "replacement templates expand as NSRegularExpression's",
    arguments: regexCases,
    [
      "", "<$0>", "$1", "[$2|$1]", "\\$1", "$$1", "\\\\$0", "cost: $", "$x", "end\\", "$10",
      "$11$1", "$99", "\\n\\t", "👍$0👍", "$00",
    ])
  func replacement(row: RegexCase, template: String) throws {
    let foundation = try NSRegularExpression(pattern: row.pattern, options: row.foundationOptions)
    let expected = foundation.stringByReplacingMatches(
      in: row.text, range: NSRange(location: 0, length: row.text.utf16.count),
      withTemplate: template)
    let expression = try RegularExpression(row.pattern, options: row.options)
    #expect(try expression.replacingMatches(in: row.text, withTemplate: template) == expected)
  }

  @Test(
    "a pattern that does not compile is refused as NSRegularExpression refuses it",
    arguments: [
      "(", ")", "[a-", "a{2,1}", "*a", "\\", "(?<=a+)b", "(?<name", "\\p{Nope}", "", "a**",
      "[z-a]", "(?P<x>a)", "x{99999999999}", "ok", "(?<=ab)c", "[[:alpha:]]",
    ])
  func invalid(pattern: String) {
    let foundationCompiles = (try? NSRegularExpression(pattern: pattern)) != nil
    let compiles = (try? RegularExpression(pattern)) != nil
    #expect(compiles == foundationCompiles)
    if !compiles {
      let error = #expect(throws: RegularExpression.SyntaxError.self) {
        try RegularExpression(pattern)
      }
      #expect(error?.description == "'\(pattern)' is not a valid regular expression")
    }
  }

  @Test(
    "escaped patterns are NSRegularExpression's and match the text literally",
    arguments: ["", "a.b", "*?+[(){}^$|\\./", "1+1=2", "e\u{301} 👍 (x)", "-#&~ \t"])
  func escaped(text: String) throws {
    let escaped = RegularExpression.escapedPattern(for: text)
    #expect(escaped == NSRegularExpression.escapedPattern(for: text))
    guard !text.isEmpty else { return }
    let match = try RegularExpression(escaped).firstMatch(in: "<" + text + ">")
    #expect(
      match.map { NSRange($0.range, in: "<" + text + ">") }
        == NSRange(location: 1, length: text.utf16.count))
  }

  @Test("one expression is shared by concurrent searches")
  func concurrent() async throws {
    let expression = try RegularExpression("(\\d+)-(\\d+)")
    let results = await withTaskGroup(of: String.self) { group in
      for index in 0..<64 {
        group.addTask {
          (try? expression.replacingMatches(in: "\(index)-\(index * 2) x", withTemplate: "$2-$1"))
            ?? "failed"
        }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(results == Set((0..<64).map { "\($0 * 2)-\($0) x" }))
  }

  @Test("running out of backtracking memory is an error, not 'no match'")
  func backtrackingLimit() throws {
    let expression = try RegularExpression("(a|b)*c")
    let text = String(repeating: "a", count: 300_000) + "c"
    let failure = try #require(throws: RegularExpression.MatchFailure.self) {
      try expression.matches(in: text)
    }
    #expect(failure.reason == .backtrackingLimit)
    #expect(
      failure.description
        == "the regular expression '(a|b)*c' backtracks more than the matcher's 8 MB allow on "
        + "this text, so it has no answer; write it so that fewer ways can match (a character "
        + "class such as '[ab]*' instead of '(a|b)*', or a possessive '*+')")
    #expect(try RegularExpression("[ab]*c").matches(in: text).count == 1)
  }

  @Test("a search stops when its task is cancelled")
  func cancelled() async throws {
    let expression = try RegularExpression("(.*,){12}x")
    let text = String(repeating: "a,", count: 40)
    let search = Task {
      // Cancelled before it starts: the matcher's first call back stops the search.
      withUnsafeCurrentTask { $0?.cancel() }
      return Result { () throws(RegularExpression.MatchFailure) in try expression.matches(in: text)
      }
    }
    guard case .failure(let failure) = await search.value else {
      Issue.record("the search finished although its task was cancelled")
      return
    }
    #expect(failure.reason == .cancelled)
  }

  @Test("a search stops when its stop condition says so, without its task being cancelled")
  func stopCondition() throws {
    let expression = try RegularExpression("(.*,){12}x")
    let text = String(repeating: "a,", count: 40)
    let asked = Mutex(0)
    // The condition turns true at its third reading, as a step's timer revokes its lease
    // while the search runs.
    let outcome = RegularExpression.$stopsWhen.withValue({
      asked.withLock { count in
        count += 1
        return count >= 3
      }
    }) {
      Result { () throws(RegularExpression.MatchFailure) in try expression.matches(in: text) }
    }
    guard case .failure(let failure) = outcome else {
      Issue.record("the search finished although its stop condition said to stop")
      return
    }
    #expect(failure.reason == .cancelled)
    #expect(asked.withLock { $0 } == 3)
    // Without a condition, a short search is unaffected.
    #expect(try RegularExpression("a,").matches(in: "a,a,").count == 2)
  }
}
