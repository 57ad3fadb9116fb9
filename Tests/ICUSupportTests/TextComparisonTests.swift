import Foundation
import ICUSupport
import Testing

@Suite("Text search and order agree with NSString's, with and without .caseInsensitive")
struct TextComparisonTests {
  static let pairs: [(String, String)] = [
    ("Buy Milk", "milk"), ("Buy Milk", "MILK"), ("Buy Milk", "bread"), ("", ""), ("abc", ""),
    ("Straße", "STRASSE"), ("STRASSE", "straße"), ("ΣΊΣΥΦΟΣ", "σίσυφος"), ("İstanbul", "istanbul"),
    ("Ǆemal", "ǆ"), ("ﬁle", "FILE"), ("Émile", "émile"), ("E\u{301}mile", "émile"),
    ("日本語", "本"), ("a😀b", "😀B"), ("Zebra", "apple"), ("apple", "Apple"), ("Apple", "apple"),
    ("a", "B"), ("item 10", "Item 9"), ("x", "xy"), ("ǅ", "Ǆ"), ("ς", "Σ"), ("\u{E000}", "😀"),
    ("Å", "A\u{30A}"), ("ﬀ", "ff"),
  ]

  @Test("containment ignoring case, both ways round")
  func contains() {
    for (text, needle) in Self.pairs where !needle.isEmpty && !text.isEmpty {
      #expect(
        TextComparison.containsIgnoringCase(text, needle)
          == (text.range(of: needle, options: .caseInsensitive) != nil),
        "'\(needle)' in '\(text)'")
      #expect(
        TextComparison.containsIgnoringCase(needle, text)
          == (needle.range(of: text, options: .caseInsensitive) != nil),
        "'\(text)' in '\(needle)'")
    }
  }

  @Test("order, with case ignored and without")
  func order() {
    for (left, right) in Self.pairs {
      #expect(
        TextComparison.order(left, right, ignoringCase: true)
          == left.compare(right, options: .caseInsensitive).rawValue,
        "'\(left)' vs '\(right)', ignoring case")
      #expect(
        TextComparison.order(left, right, ignoringCase: false) == left.compare(right).rawValue,
        "'\(left)' vs '\(right)'")
    }
  }
}
