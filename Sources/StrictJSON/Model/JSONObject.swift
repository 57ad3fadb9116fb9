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
  public var members: [Member] {
    didSet { keysAreASCII = Self.allASCII(members) }
  }

  /// Whether every key is ASCII: then two keys are equal only when their bytes are, and keys of
  /// different lengths can be told apart without comparing them (see ``member(_:)``).
  public private(set) var keysAreASCII: Bool

  /// Creates an object.
  ///
  /// - Parameter members: The members in order; keep their keys unique, because lookups by key
  ///   find only the first member with a given key.
  public init(members: [Member] = []) {
    self.members = members
    keysAreASCII = Self.allASCII(members)
  }

  /// An object from the parser, which knows whether its keys were ASCII without a second look.
  init(members: [Member], keysAreASCII: Bool) {
    self.members = members
    self.keysAreASCII = keysAreASCII
  }

  private static func allASCII(_ members: [Member]) -> Bool {
    members.allSatisfy { member in member.key.utf8.allSatisfy { $0 < 0x80 } }
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
    // A non-ASCII key may equal an ASCII one of another length (the Kelvin sign and `K`).
    guard keysAreASCII else { return members.first { $0.key == key } }
    // Both kinds of string know their length without reading their bytes; ASCII keys of
    // different lengths differ. The decoder looks up many keys that are absent.
    let length = key.utf8.count
    if let found = members.first(where: { $0.key.utf8.count == length && $0.key == key }) {
      return found
    }
    guard key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
    return members.first { $0.key == key }
  }
}
