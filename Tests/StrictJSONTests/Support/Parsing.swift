import StrictJSON

/// The error that parsing `text` throws, or `nil` if it parses.
func syntaxError(_ text: String, options: JSONParser.Options = .init()) -> JSONSyntaxError? {
  do {
    _ = try JSONParser.parse(text, options: options)
    return nil
  } catch {
    return error
  }
}

/// The error that parsing `bytes` throws, or `nil` if they parse.
func syntaxError(bytes: [UInt8], options: JSONParser.Options = .init()) -> JSONSyntaxError? {
  do {
    _ = try JSONParser.parse(bytes, options: options)
    return nil
  } catch {
    return error
  }
}

/// The position-free value that `text` parses to.
func parsedValue(_ text: String) throws -> JSONValue {
  try JSONParser.parse(text).plainValue
}

/// A position written the way messages write it, with the byte offset.
func position(_ line: Int, _ column: Int, offset: Int) -> JSONPosition {
  JSONPosition(offset: offset, line: line, column: column)
}
