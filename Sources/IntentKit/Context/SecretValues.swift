/// The one place that decides how a secret is shown: the values of a run's secret inputs
/// (`"secret": true`) and the texts the workflow built from them, each with the spans where
/// the secret's bytes sit, and how text is shown with them masked as `***`.
///
/// Masking follows provenance, not a search for every substring:
/// - a text that *is* a secret, or that the workflow built from one (`"Bearer ${inputs.token}"`),
///   is shown with exactly the secret's spans masked, whatever their length;
/// - text from outside the run (a child's stderr, an HTTP body, an extension's message, an
///   intent's output) is searched only for secrets of at least ``shortestSearched`` bytes, and
///   for their encoded forms: percent-encoded (capital and small hexadecimal, form-encoded
///   with `+`), JSON-escaped and base64 (as in an `Authorization: Basic` header). Shorter
///   secrets are searched for only quoted whole (`'a'`, as messages quote a value): masking
///   every `1` would garble `127.0.0.1` and tell, by where the masks fall, which characters
///   the secret holds.
///
/// Intents read the run's values as the ``DependencyValues/secrets`` dependency, so that they
/// mask text from outside *before* cutting it to a tail or a start, and no fragment of a
/// secret survives a cut.
public struct SecretValues: Sendable {
  /// What replaces a secret.
  public static let mask = "***"
  /// The shortest secret, in UTF-8 bytes, searched for in text from outside the run.
  public static let shortestSearched = 4
  /// At most this many texts built from secrets are kept, the most recent: a loop that builds
  /// a new one on each of a million passes must not hold a million. A text is reported just
  /// before the run shows it, so the most recent are the ones that matter.
  public static let mostDerivedTexts = 4096
  /// Of those that hold a secret too short to be searched for itself, at most this many (the
  /// first) are searched for in text from outside: each one searched adds to the cost of
  /// masking every text. (One that holds only longer secrets needs no search: they are found.)
  public static let mostSearchedDerivedTexts = 64
  /// Texts longer than this (in bytes) are not searched for, only recognised whole.
  static let longestSearched = 1 << 16

  /// A text that shows a secret, and where.
  struct Pattern: Sendable {
    var bytes: [UInt8]
    /// The byte ranges of `bytes` to mask, sorted and apart.
    var spans: [Range<Int>]
  }

  /// The texts that show a secret when they are a whole value, with their spans.
  private var whole: [String: [Range<Int>]] = [:]
  /// The texts searched for in text from outside.
  private var patterns: [Pattern] = []
  /// By first byte: the positions in `patterns` of those starting with it.
  private var byFirstByte: [[Int]] = []
  /// Which bytes some pattern starts with, a bit each: tested for every byte of a text, so
  /// that the usual byte costs a shift and a mask, not an array's retain and release.
  private var firstBytes = FirstBytes()
  /// The texts built from secrets that are kept, oldest first from `nextEvicted` on.
  private var derived: [String] = []
  private var nextEvicted = 0
  /// How many texts built from secrets are searched for.
  private var searchedDerived = 0

  /// No secrets.
  public init() {}

  /// The given secret values; empty ones are ignored.
  // An array, not `some Sequence<String>`: every run makes one, and the generic version's
  // first call looked up `Sequence.Element`'s witness at run time (220,000 instructions, 6 %
  // of a cold run).
  public init(_ values: [String]) {
    for value in values { insert(value) }
  }

  /// Whether there is nothing to hide.
  public var isEmpty: Bool { whole.isEmpty }

  /// Adds a secret value: masked whole wherever it is a value, and searched for (with its
  /// encoded forms) in text from outside when it has at least ``shortestSearched`` bytes.
  public mutating func insert(_ value: String) {
    let count = value.utf8.count
    guard count > 0, whole[value] != [0..<count] else { return }
    whole[value] = [0..<count]
    guard count >= Self.shortestSearched else { return addQuoted(value, spans: [0..<count]) }
    guard count <= Self.longestSearched else { return }
    for form in Self.encodedForms(of: value) where form.count >= Self.shortestSearched {
      add(Pattern(bytes: form, spans: [0..<form.count]))
    }
  }

  /// Adds a text the workflow built from secrets, with the byte ranges where they sit: those
  /// spans are masked where the text is a value, and where it appears in text from outside
  /// when it has at least ``shortestSearched`` bytes.
  public mutating func insert(_ text: String, secretSpans spans: [Range<Int>]) {
    let spans = Self.merged(spans.filter { !$0.isEmpty })
    guard !spans.isEmpty else { return }
    if spans == [0..<text.utf8.count] {
      insert(text)
      return
    }
    guard whole[text] == nil else { return }
    if derived.count < Self.mostDerivedTexts {
      derived.append(text)
    } else {
      let evicted = derived[nextEvicted]
      // A secret value itself is never let go.
      if whole[evicted] != [0..<evicted.utf8.count] { whole[evicted] = nil }
      derived[nextEvicted] = text
      nextEvicted = (nextEvicted + 1) % Self.mostDerivedTexts
    }
    whole[text] = spans
    guard searchedDerived < Self.mostSearchedDerivedTexts,
      spans.contains(where: { $0.count < Self.shortestSearched })
    else { return }
    searchedDerived += 1
    let count = text.utf8.count
    if count < Self.shortestSearched {
      addQuoted(text, spans: spans)
    } else if count <= Self.longestSearched {
      add(Pattern(bytes: Array(text.utf8), spans: spans))
    }
  }

  /// A short secret is searched for in text from outside only where a message quotes it
  /// whole, as messages quote values: `'a'` or `"a"`, masked inside the quotes.
  private mutating func addQuoted(_ text: String, spans: [Range<Int>]) {
    let shifted = spans.map { ($0.lowerBound + 1)..<($0.upperBound + 1) }
    for quote in ["'", "\""] {
      add(Pattern(bytes: Array((quote + text + quote).utf8), spans: shifted))
    }
  }

  /// Adds every value and text of `other`.
  public mutating func formUnion(_ other: SecretValues) {
    for (text, spans) in other.whole { insert(text, secretSpans: spans) }
  }

  private mutating func add(_ pattern: Pattern) {
    guard !patterns.contains(where: { $0.bytes == pattern.bytes }) else { return }
    patterns.append(pattern)
    byFirstByte = Array(repeating: [], count: 256)
    firstBytes = FirstBytes()
    for (position, pattern) in patterns.enumerated() {
      byFirstByte[Int(pattern.bytes[0])].append(position)
      firstBytes.insert(pattern.bytes[0])
    }
  }

  /// Whether `text` shows a secret: it is one (or was built from one), or, for text from
  /// outside, it holds one that is searched for.
  public func shows(_ text: String) -> Bool {
    guard !isEmpty else { return false }
    return whole[text] != nil || !matches(in: text).isEmpty
  }

  /// Whether `text` is a secret value, or a text the workflow built from secrets.
  public func isWhole(_ text: String) -> Bool {
    whole[text] != nil
  }

  /// `text` as it may be shown: a secret or a text built from secrets with its secret spans
  /// masked; any other text with every searched secret (and its encoded forms) masked.
  ///
  /// - Complexity: O(*n*) in the length of `text` for the usual few secrets: one pass over its
  ///   bytes, comparing only where a secret's first byte is.
  public func masking(_ text: String) -> String {
    guard !isEmpty else { return text }
    var spans = matches(in: text)
    // A text built from secrets may also hold searched ones, from elsewhere.
    if let known = whole[text] { spans = Self.merged(known + spans) }
    return spans.isEmpty ? text : Self.masking(text, spans: spans)
  }

  /// `text` with the byte ranges `spans` (sorted, apart, on character boundaries) replaced
  /// by `***`.
  public static func masking(_ text: String, spans: [Range<Int>]) -> String {
    guard !spans.isEmpty else { return text }
    var output: [UInt8] = []
    let bytes = Array(text.utf8)
    output.reserveCapacity(bytes.count)
    var start = 0
    for span in spans {
      output.append(contentsOf: bytes[start..<span.lowerBound])
      output.append(contentsOf: mask.utf8)
      start = span.upperBound
    }
    output.append(contentsOf: bytes[start...])
    // The spans begin and end where secrets of whole scalars do, so this is valid UTF-8.
    return String(decoding: output, as: UTF8.self)
  }

  /// The byte ranges of `text` that show a searched secret, sorted and merged.
  private func matches(in text: String) -> [Range<Int>] {
    guard !patterns.isEmpty else { return [] }
    var found: [Range<Int>] = []
    var text = text
    let firstBytes = self.firstBytes
    text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        guard firstBytes.contains(bytes[index]) else {
          index += 1
          continue
        }
        let candidates = byFirstByte[Int(bytes[index])]
        // Every pattern that matches here counts: a text built from a secret masks only the
        // secret's spans of it, and may hold another secret elsewhere.
        for position in candidates {
          let pattern = patterns[position]
          let end = index + pattern.bytes.count
          guard end <= bytes.count,
            pattern.bytes.withUnsafeBufferPointer({ needle in
              memoryEqual(needle, bytes, at: index)
            })
          else { continue }
          for span in pattern.spans {
            found.append((index + span.lowerBound)..<(index + span.upperBound))
          }
        }
        index += 1
      }
    }
    return Self.merged(found)
  }

  private static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, span.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      } else {
        result.append(span)
      }
    }
    return result
  }

  /// The forms a secret takes in text from outside: itself, percent-encoded (every byte but
  /// the unreserved ones, and keeping what a URL's path and query allow), each in capital and
  /// small hexadecimal, form-encoded (`+` for a space), JSON-escaped, and the part of its
  /// base64 that does not depend on the bytes around it, for each of the three alignments.
  static func encodedForms(of value: String) -> [[UInt8]] {
    let bytes = Array(value.utf8)
    var forms: [[UInt8]] = [bytes]
    func add(_ form: [UInt8]) {
      if !forms.contains(form) { forms.append(form) }
    }
    let urlKept = Set("!$&'()*+,;=:@/?".utf8)
    for capital in [true, false] {
      add(percentEncoded(bytes, keeping: [], capital: capital, plusForSpace: false))
      add(percentEncoded(bytes, keeping: [], capital: capital, plusForSpace: true))
      add(percentEncoded(bytes, keeping: urlKept, capital: capital, plusForSpace: false))
    }
    add(jsonEscaped(bytes, escapingSlash: false, escapingNonASCII: false))
    add(jsonEscaped(bytes, escapingSlash: true, escapingNonASCII: false))
    add(jsonEscaped(bytes, escapingSlash: false, escapingNonASCII: true))
    for alignment in 0..<3 {
      if let core = base64Core(bytes, after: alignment), core.count >= 6 { add(core) }
    }
    return forms
  }

  private static func percentEncoded(
    _ bytes: [UInt8], keeping kept: Set<UInt8>, capital: Bool, plusForSpace: Bool
  ) -> [UInt8] {
    let digits = Array((capital ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var output: [UInt8] = []
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.append(byte)
      case UInt8(ascii: " ") where plusForSpace:
        output.append(UInt8(ascii: "+"))
      case _ where kept.contains(byte):
        output.append(byte)
      default:
        output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
      }
    }
    return output
  }

  private static func jsonEscaped(_ bytes: [UInt8], escapingSlash: Bool, escapingNonASCII: Bool)
    -> [UInt8]
  {
    let digits = Array("0123456789abcdef".utf8)
    func unicode(_ unit: UInt16) -> [UInt8] {
      [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        + [12, 8, 4, 0].map { digits[Int((unit >> UInt16($0)) & 0xf)] }
    }
    var output: [UInt8] = []
    if escapingNonASCII {
      for unit in String(decoding: bytes, as: UTF8.self).utf16 {
        if unit >= 0x80 {
          output += unicode(unit)
        } else {
          output += jsonEscaped(
            [UInt8(unit)], escapingSlash: escapingSlash, escapingNonASCII: false)
        }
      }
      return output
    }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
      case UInt8(ascii: "/") where escapingSlash: output += Array(#"\/"#.utf8)
      case 0x0A: output += Array(#"\n"#.utf8)
      case 0x0D: output += Array(#"\r"#.utf8)
      case 0x09: output += Array(#"\t"#.utf8)
      case 0x08: output += Array(#"\b"#.utf8)
      case 0x0C: output += Array(#"\f"#.utf8)
      case ..<0x20: output += unicode(UInt16(byte))
      default: output.append(byte)
      }
    }
    return output
  }

  /// The base64 characters that encode only `bytes` when they follow `alignment` other bytes
  /// (0, 1 or 2) in the encoded data, whatever those and the bytes after are.
  private static func base64Core(_ bytes: [UInt8], after alignment: Int) -> [UInt8]? {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    let data = [UInt8](repeating: 0, count: alignment) + bytes
    // Each group of 3 bytes gives 4 characters; character k covers bits 6k..<6k+6.
    var characters: [UInt8] = []
    var bits = 0
    var buffer = 0
    for byte in data {
      buffer = (buffer << 8) | Int(byte)
      bits += 8
      while bits >= 6 {
        bits -= 6
        characters.append(alphabet[(buffer >> bits) & 0x3f])
      }
      buffer &= (1 << bits) - 1
    }
    // Character k covers bits [6k, 6k+6): keep those wholly inside the secret's bits.
    let first = (alignment * 8 + 5) / 6
    let last = (data.count * 8) / 6  // characters wholly within the data
    guard first < last, last <= characters.count else { return nil }
    return Array(characters[first..<last])
  }
}

/// A set of bytes, as four words of bits.
private struct FirstBytes: Sendable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }
}

/// Whether `needle` equals the bytes of `haystack` from `start` (which has room for it).
private func memoryEqual(
  _ needle: UnsafeBufferPointer<UInt8>, _ haystack: UnsafeBufferPointer<UInt8>, at start: Int
) -> Bool {
  for offset in 0..<needle.count where needle[offset] != haystack[start + offset] {
    return false
  }
  return true
}

private enum SecretValuesKey: DependencyKey {
  static var defaultValue: SecretValues { SecretValues() }
}

extension DependencyValues {
  /// The run's secret values, for intents to mask text from outside (a child's stderr, an HTTP
  /// body) before they cut it or quote it in a message: see ``SecretValues/masking(_:)``.
  public var secrets: SecretValues {
    get { self[SecretValuesKey.self] }
    set { self[SecretValuesKey.self] = newValue }
  }
}
