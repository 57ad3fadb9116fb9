// ICUSupport calls ICU (the copy that swift-foundation links) for what Foundation's
// `NSRegularExpression` and `DateFormatter` did, so that a binary needs only
// FoundationEssentials and FoundationInternationalization. Where there is no `_FoundationICU`
// (macOS), the same API runs on Foundation.

/// A compiled ICU regular expression, with the syntax, matches and replacement templates of
/// Foundation's `NSRegularExpression`.
///
/// The value is immutable and `Sendable`: it can be shared by tasks that match concurrently.
public struct RegularExpression: Sendable {
  /// How a pattern is read.
  public struct Options: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    /// Creates options from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Letters match regardless of case.
    public static let caseInsensitive = Options(rawValue: 1 << 0)
    /// `^` and `$` match at the start and end of every line, not only of the text.
    public static let anchorsMatchLines = Options(rawValue: 1 << 1)
  }

  /// A pattern that does not compile.
  public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    public var pattern: String

    public var description: String { "'\(pattern)' is not a valid regular expression" }
  }

  /// A search that stopped before its end, so that it has no answer: finding nothing is not
  /// the same as not finishing the search.
  public struct MatchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the search stopped.
    public enum Reason: Error, Sendable, Hashable {
      /// The task searching was cancelled, or ``RegularExpression/stopsWhen`` stopped it (its
      /// step timed out, or the run was cancelled).
      case cancelled
      /// The pattern backtracked more than ICU's backtracking memory (8 MB) holds on this
      /// text, as `(a|b)*c` does over a long run of `a`s.
      case backtrackingLimit
      /// Another error of the ICU matcher, by its code.
      case engine(Int)
    }

    /// Why the search stopped.
    public var reason: Reason
    /// The pattern searched for.
    public var pattern: String

    public var description: String {
      switch reason {
      case .cancelled:
        return "the search for '\(pattern)' was stopped before it finished"
      case .backtrackingLimit:
        return "the regular expression '\(pattern)' backtracks more than the matcher's 8 MB "
          + "allow on this text, so it has no answer; write it so that fewer ways can match "
          + "(a character class such as '[ab]*' instead of '(a|b)*', or a possessive '*+')"
      case .engine(let code):
        return "the search for '\(pattern)' failed inside ICU (error \(code))"
      }
    }
  }

  /// A condition, besides the cancellation of the task searching, that stops a search in
  /// progress: read every few thousand steps of the matcher, on the searching thread.
  ///
  /// A step sets it to "my step has ended", which reads the step's timeout against the
  /// clock: the search then stops without waiting for a timer's thread or for anyone to
  /// cancel its task, either of which a loaded machine may not give a thread for long.
  @TaskLocal public static var stopsWhen: (@Sendable () -> Bool)?

  /// Whether a search in progress on this task should stop.
  static var shouldStop: Bool { Task.isCancelled || (stopsWhen?() ?? false) }

  /// The pattern as given.
  public let pattern: String
  /// The options it was compiled with.
  public let options: Options
  private let engine: Engine

  /// Compiles `pattern`.
  ///
  /// - Throws: ``SyntaxError`` when the pattern does not compile (the empty pattern does not,
  ///   as with `NSRegularExpression`).
  public init(_ pattern: String, options: Options = []) throws(SyntaxError) {
    guard let engine = Engine(pattern: pattern, options: options) else {
      throw SyntaxError(pattern: pattern)
    }
    self.pattern = pattern
    self.options = options
    self.engine = engine
  }

  /// The number of capture groups in the pattern.
  public var numberOfCaptureGroups: Int { engine.groupCount }

  /// The first match in `text`, or `nil`.
  ///
  /// A search stops when the task running it is cancelled (a step's timeout, the run's
  /// cancellation) or ``stopsWhen`` says so, and when ICU runs out of backtracking memory;
  /// each is an error, never "no match".
  ///
  /// - Throws: ``MatchFailure`` when the search stopped before it finished.
  /// - Complexity: O(n) in the length of `text`, besides the pattern's own cost.
  public func firstMatch(in text: Substring) throws(MatchFailure) -> Match? {
    let utf16 = Array(text.utf16)
    return try search(utf16, limit: 1).first.map { Match(offsets: $0, in: text) }
  }

  /// The first match in `text`, or `nil`.
  ///
  /// - Throws: ``MatchFailure`` when the search stopped before it finished.
  public func firstMatch(in text: String) throws(MatchFailure) -> Match? {
    try firstMatch(in: text[...])
  }

  /// Every match in `text`, in order, as ICU finds them one after another (an empty match
  /// is followed by a search from the next character).
  ///
  /// - Throws: ``MatchFailure`` when the search stopped before it finished.
  /// - Complexity: O(n) in the length of `text`, besides the pattern's own cost.
  public func matches(in text: Substring) throws(MatchFailure) -> [Match] {
    let utf16 = Array(text.utf16)
    return try search(utf16, limit: nil).map { Match(offsets: $0, in: text) }
  }

  /// Every match in `text`, in order.
  ///
  /// - Throws: ``MatchFailure`` when the search stopped before it finished.
  public func matches(in text: String) throws(MatchFailure) -> [Match] {
    try matches(in: text[...])
  }

  private func search(_ utf16: [UInt16], limit: Int?) throws(MatchFailure) -> [[Range<Int>?]] {
    do {
      return try engine.matches(in: utf16, limit: limit)
    } catch {
      throw MatchFailure(reason: error, pattern: pattern)
    }
  }

  /// `text` with every match replaced by `template`, expanded as `NSRegularExpression` does:
  /// `$0` is the match, `$1`… its groups (as many digits as the largest group number has;
  /// a group that did not take part, or does not exist, gives nothing), and `\` makes the
  /// next character literal (`\$`, `\\`).
  ///
  /// - Throws: ``MatchFailure`` when the search stopped before it finished.
  /// - Complexity: O(n + m·t) for a text of length n, m matches and a template of length t.
  public func replacingMatches(in text: String, withTemplate template: String)
    throws(MatchFailure) -> String
  {
    let utf16 = Array(text.utf16)
    let matches = try search(utf16, limit: nil)
    guard !matches.isEmpty else { return text }
    let template = Array(template.utf16)
    var result: [UInt16] = []
    result.reserveCapacity(utf16.count)
    var copied = 0
    for groups in matches {
      // Group 0 always takes part in a match.
      guard let whole = groups[0] else { continue }
      result.append(contentsOf: utf16[copied..<whole.lowerBound])
      Self.expand(template, groups: groups, in: utf16, into: &result)
      copied = whole.upperBound
    }
    result.append(contentsOf: utf16[copied...])
    return String(decoding: result, as: UTF16.self)
  }

  /// `text` with a backslash before every character that a pattern reads as syntax
  /// (`* ? + [ ( ) { } ^ $ | \ . /`), so that the pattern matches `text` literally.
  public static func escapedPattern(for text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if "*?+[(){}^$|\\./".unicodeScalars.contains(scalar) { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(scalar)
    }
    return escaped
  }
}

extension RegularExpression {
  /// One match: its range and its capture groups' ranges, as indices of the text searched
  /// (for a `Substring`, indices of the string it is part of).
  public struct Match: Sendable, Hashable {
    /// Where the whole match is.
    public var range: Range<String.Index>
    /// Where each capture group is, `nil` for a group that took no part in the match;
    /// `groups[0]` is the whole match.
    public var groups: [Range<String.Index>?]

    /// The range of group `index`, or `nil` when it took no part or does not exist.
    public subscript(group index: Int) -> Range<String.Index>? {
      groups.indices.contains(index) ? groups[index] : nil
    }

    init(offsets: [Range<Int>?], in text: Substring) {
      let utf16 = text.utf16
      func index(_ offset: Int) -> String.Index {
        utf16.index(utf16.startIndex, offsetBy: offset)
      }
      groups = offsets.map { $0.map { index($0.lowerBound)..<index($0.upperBound) } }
      range = groups.first.flatMap { $0 } ?? text.startIndex..<text.startIndex
    }
  }
}
