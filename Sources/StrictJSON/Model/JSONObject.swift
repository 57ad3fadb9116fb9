/// A parsed JSON object: its members in source order, each with the position of its key.
public struct JSONObject: Sendable, Hashable {
  /// One `"key": value` pair of an object.
  public struct Member: Sendable, Hashable {
    /// The key, with its escapes decoded.
    public var key: String
    /// Where the key starts: its opening quote.
    public var keyPosition: JSONPosition
    /// The value.
    public var value: JSONNode

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - key: The key, with its escapes decoded.
    ///   - keyPosition: Where the key's opening quote is.
    ///   - value: The value.
    public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
      self.key = key
      self.keyPosition = keyPosition
      self.value = value
    }
  }

  /// The members in source order.
  ///
  /// Keys are unique in objects made by the parser: it rejects a document that repeats a key.
  /// Keys compare the way Swift strings do, so two spellings of the same characters (a
  /// precomposed `é` and `e` with a combining accent) count as the same key.
  public var members: [Member]

  /// Creates an object.
  ///
  /// - Parameter members: The members in order; keep their keys unique, because lookups by key
  ///   find only the first member with a given key.
  public init(members: [Member] = []) {
    self.members = members
  }

  /// The keys in source order.
  public var keys: [String] { members.map(\.key) }

  /// The value for a key, or `nil` when the object has no such key.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  public subscript(key: String) -> JSONNode? {
    member(key)?.value
  }

  /// The member with a key, giving access to the key's position too.
  ///
  /// - Parameter key: The key to look for.
  /// - Returns: The member, or `nil` when the object has no such key.
  /// - Complexity: O(*n*), where *n* is the number of members.
  public func member(_ key: String) -> Member? {
    members.first { $0.key == key }
  }
}
