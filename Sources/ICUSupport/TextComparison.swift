#if canImport(_FoundationICU)
  import _FoundationICU
#else
  import Foundation
#endif

/// Text searched and ordered as Foundation's `NSString` did it without the locale: in
/// canonically decomposed form (`é` written whole or as `e` and an accent is the same text),
/// by Unicode scalar values, and with case ignored by Unicode's full case folding (`ß` matches
/// `SS`, `ς` matches `Σ`; no Turkish dotless `i`) where asked.
public enum TextComparison {
  /// Whether `needle` occurs in `text` when case is ignored, as `range(of:options:
  /// .caseInsensitive)` found it.
  public static func containsIgnoringCase(
    _ text: some StringProtocol, _ needle: some StringProtocol
  )
    -> Bool
  {
    #if canImport(_FoundationICU)
      return folded(text).contains(folded(needle))
    #else
      return text.range(of: needle, options: .caseInsensitive) != nil
    #endif
  }

  /// Whether `left` sorts before (-1), with (0) or after (1) `right`, as `compare(_:options:)`
  /// ordered them with `.caseInsensitive` (`ignoringCase`) or with no options.
  public static func order(
    _ left: some StringProtocol, _ right: some StringProtocol, ignoringCase: Bool
  ) -> Int {
    #if canImport(_FoundationICU)
      let (left, right) =
        ignoringCase ? (folded(left), folded(right)) : (String(left), String(right))
      return scalarOrder(decomposed(left), decomposed(right))
    #else
      return left.compare(right, options: ignoringCase ? .caseInsensitive : []).rawValue
    #endif
  }

  private static func scalarOrder(_ left: String, _ right: String) -> Int {
    var rightScalars = right.unicodeScalars.makeIterator()
    for scalar in left.unicodeScalars {
      guard let other = rightScalars.next() else { return 1 }
      if scalar != other { return scalar.value < other.value ? -1 : 1 }
    }
    return rightScalars.next() == nil ? 0 : -1
  }

  #if canImport(_FoundationICU)
    /// `text` case-folded by ICU (full folding, default rules); ASCII without a call.
    static func folded(_ text: some StringProtocol) -> String {
      if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
      return transformed(text) { output, capacity, source, length, status in
        swift_u_strFoldCase(output, capacity, source, length, UInt32(U_FOLD_CASE_DEFAULT), &status)
      } ?? String(text).lowercased()
    }

    /// `text` in Unicode's canonical decomposition (NFD).
    static func decomposed(_ text: String) -> String {
      // ASCII has no decomposition, and most text compared is ASCII.
      if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
      var status = U_ZERO_ERROR
      guard let normalizer = swift_unorm2_getNFDInstance(&status), status.rawValue <= 0 else {
        return text
      }
      return transformed(text) { output, capacity, source, length, status in
        swift_unorm2_normalize(normalizer, source, length, output, capacity, &status)
      } ?? text
    }

    /// `text` through an ICU function that writes UTF-16 into a buffer, growing the buffer
    /// once if ICU asks for more; `nil` if ICU fails.
    private static func transformed(
      _ text: some StringProtocol,
      _ call: (
        UnsafeMutablePointer<UChar>, Int32, UnsafePointer<UChar>, Int32, inout UErrorCode
      ) -> Int32
    ) -> String? {
      let source = Array(text.utf16)
      guard !source.isEmpty else { return "" }
      var capacity = source.count * 3 + 4
      for _ in 0..<2 {
        var status = U_ZERO_ERROR
        var output = [UChar](repeating: 0, count: capacity)
        let length = source.withUnsafeBufferPointer { input in
          output.withUnsafeMutableBufferPointer { buffer in
            guard let target = buffer.baseAddress, let origin = input.baseAddress else { return 0 }
            return Int(call(target, Int32(capacity), origin, Int32(input.count), &status))
          }
        }
        if status == U_BUFFER_OVERFLOW_ERROR {
          capacity = length
          continue
        }
        guard status.rawValue <= 0 else { return nil }
        return String(decoding: output[..<length], as: UTF16.self)
      }
      return nil
    }
  #endif
}
