extension JSONValue {
  /// The value as JSON text.
  ///
  /// Object members keep their order, and their keys are written as given: keep them unique,
  /// since `JSONParser` rejects a repeated key. Strings escape `"`, `\` and control characters (as
  /// `\n`, `\t` and so on, or `\u00XX`) and pass everything else through as UTF-8, `/`
  /// included, but for U+10FF80…U+10FFFF, which stand for bytes of file names that are not
  /// UTF-8 and are written as `\uDBFF\uDFXX` so that they never become those bytes. Integers print as integers; doubles print in the shortest form that reads back
  /// as the same double, and NaN and the infinities, which JSON cannot express, print as `null`.
  ///
  /// ```swift
  /// let value: JSONValue = ["name": "Morning", "steps": [1, 2.5]]
  /// value.serialized()              // {"name":"Morning","steps":[1,2.5]}
  /// value.serialized(pretty: true)  // {
  ///                                 //   "name": "Morning",
  ///                                 //   "steps": [
  ///                                 //     1,
  ///                                 //     2.5
  ///                                 //   ]
  ///                                 // }
  /// ```
  ///
  /// - Parameter pretty: Whether to put each element and member on its own line, indented by
  ///   two spaces per level, with a space after each colon. Empty arrays and objects stay `[]`
  ///   and `{}`. Neither form ends with a line break.
  /// - Returns: The JSON text.
  /// - Complexity: O(*n*) in the size of the output.
  public func serialized(pretty: Bool = false) -> String {
    String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The value as JSON text encoded in UTF-8, ready to be written to a file.
  ///
  /// - Parameter pretty: Whether to indent, as for `serialized(pretty:)`.
  /// - Returns: The UTF-8 bytes of the JSON text.
  /// - Complexity: O(*n*) in the size of the output.
  public func serializedBytes(pretty: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.write(self)
    return writer.output
  }
}
