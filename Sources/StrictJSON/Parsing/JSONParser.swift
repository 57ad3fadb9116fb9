/// Reads JSON text strictly by RFC 8259, keeping the position of every value.
///
/// The parser accepts exactly one value surrounded only by spaces, tabs, line feeds and
/// carriage returns, after an optional UTF-8 byte order mark. Everything RFC 8259 leaves out is
/// an error with a message that says what to change: comments, trailing commas, single quotes,
/// unquoted keys, `NaN`, leading zeros and the like. An object may not repeat a key.
///
/// ```swift
/// let node = try JSONParser.parse(#"{"name": "Morning", "steps": []}"#)
/// if case .object(let object) = node.kind, let name = object.member("name") {
///   print(name.keyPosition)  // 1:2
/// }
/// ```
public struct JSONParser: Sendable {
  /// Limits that protect against hostile input.
  public struct Options: Sendable {
    /// How many arrays and objects may be nested inside one another.
    ///
    /// The parser itself never recurses, but comparing, hashing, converting and releasing a
    /// tree of nodes all recurse, so keep this in the hundreds or low thousands.
    public var maximumDepth: Int = 512

    /// How many values (of any kind, containers included) the document may hold.
    ///
    /// Each value costs about 32 bytes in the tree, and more in whatever a caller builds from
    /// it, so a document of many tiny values (`[1,1,1,…]`: a value every 2 bytes) costs far
    /// more memory per byte than one of long strings. This bounds that cost. No limit by
    /// default.
    public var maximumValues: Int = .max

    /// What the message of a document over ``maximumValues`` tells the user to do.
    public var valueLimitRemedy = "split the document"

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumDepth: How many arrays and objects may be nested inside one another.
    ///   - maximumValues: How many values the document may hold.
    public init(maximumDepth: Int = 512, maximumValues: Int = .max) {
      self.maximumDepth = maximumDepth
      self.maximumValues = maximumValues
    }

    /// Options with a value limit and what to say when a document passes it.
    ///
    /// - Parameters:
    ///   - maximumValues: How many values the document may hold.
    ///   - remedy: What the error message tells the user to do, such as "split the document".
    public init(maximumValues: Int, remedy: String) {
      self.maximumValues = maximumValues
      self.valueLimitRemedy = remedy
    }
  }

  private init() {}

  /// Parses a JSON document from UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - bytes: The document, encoded as UTF-8, optionally with a byte order mark.
  ///   - options: Limits to apply.
  /// - Returns: The root value, with the position of every value in it.
  /// - Throws: `JSONSyntaxError` at the first problem, with its line and column; a document
  ///   of 4 GiB or more is refused.
  /// - Complexity: O(*n*) in the length of the input; memory about 32 bytes per value (a
  ///   ``JSONNode``), 64 per object member, plus the text of strings over 15 bytes.
  public static func parse(
    _ bytes: [UInt8], options: Options = .init()
  ) throws(JSONSyntaxError) -> JSONNode {
    try parse(count: bytes.count, options: options) { $0.append(contentsOf: bytes) }
  }

  /// Parses a JSON document from a string.
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - options: Limits to apply.
  /// - Returns: The root value, with the position of every value in it.
  /// - Throws: `JSONSyntaxError` at the first problem, with its line and column.
  /// - Complexity: O(*n*) in the length of the input.
  public static func parse(
    _ text: String, options: Options = .init()
  ) throws(JSONSyntaxError) -> JSONNode {
    try parse(count: text.utf8.count, options: options) { $0.append(contentsOf: text.utf8) }
  }

  /// Copies the input into a buffer that ends in a NUL byte and runs the reader over it.
  ///
  /// The NUL sentinel lets the inner loops look one byte ahead without a bounds check: a NUL
  /// is never valid JSON, so every loop stops on it and then tells the end of the input apart
  /// from a NUL inside the input by its offset.
  private static func parse(
    count: Int, options: Options, fill: (inout [UInt8]) -> Void
  ) throws(JSONSyntaxError) -> JSONNode {
    // Positions are stored in 32 bits (see `JSONPosition`).
    guard count < JSONPosition.maximum else {
      throw JSONSyntaxError(
        message: "the document is 4 GiB or larger, more than a JSON document may be here; "
          + "split it", position: JSONPosition(offset: 0, line: 1, column: 1))
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(count + 1)
    fill(&buffer)
    buffer.append(0)
    return try buffer.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
      var reader = Reader(
        bytes: bytes, end: count, maximumDepth: options.maximumDepth,
        maximumValues: options.maximumValues, valueLimitRemedy: options.valueLimitRemedy)
      return try reader.readDocument()
    }
  }
}
