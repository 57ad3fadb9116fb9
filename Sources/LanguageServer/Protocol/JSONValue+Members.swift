import StrictJSON

extension JSONValue {
  /// The member `key` of an object; `nil` for anything else or a missing key.
  func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value at a path of member names.
  func member(_ path: String...) -> JSONValue? {
    var value: JSONValue? = self
    for key in path { value = value?.member(key) }
    return value
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var integerValue: Int? {
    switch self {
    case .integer(let number): return number
    case .number(let number) where number == number.rounded() && abs(number) < 1e15:
      return Int(number)
    default: return nil
    }
  }

  var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
