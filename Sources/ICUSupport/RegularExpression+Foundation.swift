#if !canImport(_FoundationICU)
  import Foundation

  extension RegularExpression {
    /// Where there is no `_FoundationICU` (macOS), Foundation's `NSRegularExpression`, which
    /// runs the same ICU engine.
    ///
    /// `@unchecked Sendable`: an `NSRegularExpression` is immutable and documented safe to
    /// use from several threads at once.
    final class Engine: @unchecked Sendable {
      private let expression: NSRegularExpression
      var groupCount: Int { expression.numberOfCaptureGroups }

      init?(pattern: String, options: Options) {
        var flags: NSRegularExpression.Options = []
        if options.contains(.caseInsensitive) { flags.insert(.caseInsensitive) }
        if options.contains(.anchorsMatchLines) { flags.insert(.anchorsMatchLines) }
        guard let expression = try? NSRegularExpression(pattern: pattern, options: flags) else {
          return nil
        }
        self.expression = expression
      }

      func matches(in text: [UInt16], limit: Int?) -> [[Range<Int>?]] {
        let string = String(decoding: text, as: UTF16.self)
        let range = NSRange(location: 0, length: text.count)
        var found: [[Range<Int>?]] = []
        expression.enumerateMatches(in: string, range: range) { match, _, stop in
          guard let match else { return }
          found.append(
            (0..<match.numberOfRanges).map {
              let range = match.range(at: $0)
              return range.location == NSNotFound
                ? nil : range.location..<range.location + range.length
            })
          if let limit, found.count >= limit { stop.pointee = true }
        }
        return found
      }
    }
  }
#endif
