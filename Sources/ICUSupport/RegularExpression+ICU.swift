#if canImport(_FoundationICU)
  import _FoundationICU

  extension RegularExpression {
    /// A compiled `URegularExpression`, used in place by one search at a time and cloned
    /// for others, because ICU's matcher keeps the text and position in the expression.
    final class Engine: Sendable {
      private let expression: ICUCheckout<OpaquePointer>
      let groupCount: Int

      /// Compiles `pattern`, or `nil` when ICU refuses it.
      init?(pattern: String, options: Options) {
        var flags: UInt32 = 0
        if options.contains(.caseInsensitive) { flags |= UInt32(UREGEX_CASE_INSENSITIVE.rawValue) }
        if options.contains(.anchorsMatchLines) { flags |= UInt32(UREGEX_MULTILINE.rawValue) }
        // A terminating NUL keeps the pointer valid for the empty pattern, which ICU refuses
        // as NSRegularExpression does (by its length of 0).
        let units = Array(pattern.utf16) + [0]
        var status = U_ZERO_ERROR
        var parseError = UParseError()
        let compiled = units.withUnsafeBufferPointer {
          swift_uregex_open(
            $0.baseAddress, Int32(clamping: $0.count - 1), flags, &parseError, &status)
        }
        guard let compiled, status.rawValue <= 0 else {
          if let compiled { swift_uregex_close(compiled) }
          return nil
        }
        groupCount = Int(max(swift_uregex_groupCount(compiled, &status), 0))
        expression = ICUCheckout(
          compiled,
          clone: { original in
            var status = U_ZERO_ERROR
            let copy = swift_uregex_clone(original, &status)
            guard status.rawValue <= 0 else {
              if let copy { swift_uregex_close(copy) }
              return nil
            }
            return copy
          },
          close: { swift_uregex_close($0) })
      }

      /// The UTF-16 ranges of each match in `text` and of its groups (`nil` for a group that
      /// took no part), at most `limit` matches.
      ///
      /// ICU calls back every few thousand steps of its matcher; the callback stops the search
      /// once the current task is cancelled or ``RegularExpression/stopsWhen`` says so.
      ///
      /// - Throws: ``MatchFailure/Reason`` when the search stopped before its end: cancelled,
      ///   out of backtracking memory, or another ICU error. Never a partial answer.
      func matches(in text: [UInt16], limit: Int?) throws(MatchFailure.Reason) -> [[Range<Int>?]] {
        let units = text + [0]
        // The expression keeps a pointer to the text after the search, but reads it only
        // after the next search has given it a new one.
        let outcome: Result<[[Range<Int>?]], MatchFailure.Reason>? = expression.withObject {
          regex in
          units.withUnsafeBufferPointer { buffer in
            var status = U_ZERO_ERROR
            swift_uregex_setMatchCallback(regex, Engine.continueUnlessCancelled, nil, &status)
            // As NSRegularExpression, a text beyond 2³¹ UTF-16 units is searched up to there.
            swift_uregex_setText(regex, buffer.baseAddress, Int32(clamping: text.count), &status)
            var found: [[Range<Int>?]] = []
            while limit.map({ found.count < $0 }) ?? true, status.rawValue <= 0,
              swift_uregex_findNext(regex, &status) != 0, status.rawValue <= 0
            {
              found.append(
                (0...groupCount).map { group in
                  var status = U_ZERO_ERROR
                  let start = Int(swift_uregex_start(regex, Int32(group), &status))
                  let end = Int(swift_uregex_end(regex, Int32(group), &status))
                  return status.rawValue <= 0 && start >= 0 && end >= start ? start..<end : nil
                })
            }
            switch status {
            case _ where status.rawValue <= 0: return .success(found)
            case U_REGEX_STOPPED_BY_CALLER, U_REGEX_TIME_OUT: return .failure(.cancelled)
            case U_REGEX_STACK_OVERFLOW: return .failure(.backtrackingLimit)
            default: return .failure(.engine(Int(status.rawValue)))
            }
          }
        }
        guard let outcome else { throw .engine(Int(U_MEMORY_ALLOCATION_ERROR.rawValue)) }
        return try outcome.get()
      }

      /// Keeps matching (`1`) until the search should stop. It runs on the searching thread,
      /// inside the task's synchronous call, so `Task.isCancelled` and the task-local
      /// condition are that task's.
      private static let continueUnlessCancelled:
        @convention(c) (UnsafeRawPointer?, Int32) -> UBool = { _, _ in
          RegularExpression.shouldStop ? 0 : 1
        }
    }
  }
#endif
