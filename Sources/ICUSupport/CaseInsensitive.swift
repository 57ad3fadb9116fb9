#if canImport(_FoundationICU)
  import _FoundationICU
#else
  import Foundation
#endif

/// Text compared without regard to case, as Foundation's `.caseInsensitive` option compared
/// it: by Unicode's full case folding (`ß` matches `SS`, `ς` matches `Σ`), with no locale's
/// rules (no Turkish dotless `i`).
public enum CaseInsensitive {
  /// Whether `needle` occurs in `text` when case is ignored.
  public static func contains(_ text: some StringProtocol, _ needle: some StringProtocol) -> Bool
  {
    #if canImport(_FoundationICU)
      return folded(text).contains(folded(needle))
    #else
      return text.range(of: needle, options: .caseInsensitive) != nil
    #endif
  }

  /// Whether `left` sorts before, with or after `right` when case is ignored, in the order of
  /// their UTF-16 code units: -1, 0 or 1.
  public static func compare(_ left: some StringProtocol, _ right: some StringProtocol) -> Int {
    #if canImport(_FoundationICU)
      return utf16Order(folded(left), folded(right))
    #else
      return left.compare(right, options: .caseInsensitive).rawValue
    #endif
  }

  /// Whether `left` sorts before, with or after `right` by their UTF-16 code units, which is
  /// the order of Foundation's `compare` without options for text in one normal form.
  public static func utf16Order(_ left: some StringProtocol, _ right: some StringProtocol) -> Int
  {
    var rightUnits = right.utf16.makeIterator()
    for unit in left.utf16 {
      guard let other = rightUnits.next() else { return 1 }
      if unit != other { return unit < other ? -1 : 1 }
    }
    return rightUnits.next() == nil ? 0 : -1
  }

  #if canImport(_FoundationICU)
    /// `text` case-folded by ICU (full folding, default rules).
    public static func folded(_ text: some StringProtocol) -> String {
      let source = Array(text.utf16)
      guard !source.isEmpty else { return "" }
      // Full folding makes at most three units of one (`ΐ` → `ΐ`).
      var capacity = source.count * 3
      while true {
        var status = U_ZERO_ERROR
        var output = [UChar](repeating: 0, count: capacity)
        let length = Int(
          swift_u_strFoldCase(
            &output, Int32(capacity), source, Int32(source.count), UInt32(U_FOLD_CASE_DEFAULT),
            &status))
        if status == U_BUFFER_OVERFLOW_ERROR, length > capacity {
          capacity = length
          continue
        }
        guard status.rawValue <= 0 else { return String(text).lowercased() }
        return String(decoding: output[..<length], as: UTF16.self)
      }
    }
  #endif
}
