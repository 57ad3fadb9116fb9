import IntentKit

/// Resolution for parameters that take text in which spaces matter: separators, the text to
/// find and its replacement.
///
/// The engine treats blank text as a missing value for a text parameter, so that an empty
/// input asks or falls back to the default; a separator of one space must not. Such
/// parameters are declared as ``Value`` (where only `null` is missing) and resolved to text
/// here.
enum LiteralText {
  /// Any value, as its text.
  static func resolve(_ value: Value) -> ParameterResolution<Value> {
    if case .text = value { return .success(value) }
    return .success(.text(value.textDescription))
  }

  /// ``resolve(_:)`` for an optional parameter.
  static func resolve(_ value: Value?) -> ParameterResolution<Value?> {
    guard let value else { return .success(nil) }
    return resolve(value).map { Optional($0) }
  }

  /// Like ``resolve(_:)``, but empty text is asked for: there is nothing to look for.
  static func resolveNonEmpty(_ value: Value) -> ParameterResolution<Value> {
    value.textDescription.isEmpty ? .needsValue() : resolve(value)
  }
}
