#if canImport(_FoundationICU)
  import _FoundationICU
#else
  import Foundation
#endif

extension String {
  /// The text with every occurrence of `find` replaced, as Foundation's
  /// `replacingOccurrences(of:with:options:)` replaces: whole characters only (`👍` is not
  /// found inside `👍🏽`), canonically equivalent text matches (`é` composed or not), and
  /// without `caseSensitive` by Unicode's full case folding (`straße` matches `STRASSE`).
  ///
  /// - Complexity: O(n·m²) for a text of n characters and a `find` of m.
  public func replacing(literal find: String, with replacement: String, caseSensitive: Bool)
    -> String
  {
    guard !find.isEmpty else { return self }
    #if canImport(_FoundationICU)
      // Foundation searches composed character sequences, which are characters except that
      // a CR LF pair is two.
      var units: [Substring] = []
      for index in indices {
        let character = self[index...index]
        if character == "\r\n" {
          let lineFeed = character.unicodeScalars.index(after: character.startIndex)
          units += [character[..<lineFeed], character[lineFeed...]]
        } else {
          units.append(character)
        }
      }
      let target = caseSensitive ? find : TextComparison.folded(find)
      let targetCount = target.count
      let keys = units.map { caseSensitive ? String($0) : TextComparison.folded($0) }
      var result = ""
      var start = keys.startIndex
      search: while start < keys.endIndex {
        // The shortest run of units from `start` equal to the target (as Strings compare:
        // canonically equivalent); appending never lowers a run's count of characters.
        var run = ""
        var end = start
        while end < keys.endIndex {
          run += keys[end]
          end += 1
          if run == target {
            result += replacement
            start = end
            continue search
          }
          if run.count > targetCount { break }
        }
        result += units[start]
        start += 1
      }
      return result
    #else
      return replacingOccurrences(
        of: find, with: replacement, options: caseSensitive ? [] : .caseInsensitive)
    #endif
  }
}
