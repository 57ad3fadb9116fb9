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

      func matches(in text: [UInt16], limit: Int?) throws(MatchFailure.Reason) -> [[Range<Int>?]] {
        let string = String(decoding: text, as: UTF16.self)
        let range = NSRange(location: 0, length: text.count)
        var found: [[Range<Int>?]] = []
        var failure: MatchFailure.Reason?
        // `.reportProgress` calls the block during a long search too, so that a cancelled task
        // stops it; `.internalError` is how Foundation reports ICU's backtracking limit.
        expression.enumerateMatches(in: string, options: .reportProgress, range: range) {
          match, flags, stop in
          if RegularExpression.shouldStop {
            failure = .cancelled
            stop.pointee = true
            return
          }
          if flags.contains(.internalError) {
            failure = .backtrackingLimit
            stop.pointee = true
            return
          }
          guard let match else { return }
          found.append(
            (0..<match.numberOfRanges).map {
              let range = match.range(at: $0)
              return range.location == NSNotFound
                ? nil : range.location..<range.location + range.length
            })
          if let limit, found.count >= limit { stop.pointee = true }
        }
        if let failure { throw failure }
        return found
      }
    }
  }
#endif
