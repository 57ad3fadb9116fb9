// Temporary stand-in for the StrictJSON writer until the parser branch lands.
public enum JSONValue: Sendable, Equatable {
  case null, bool(Bool), integer(Int), number(Double), string(String)
  case array([JSONValue]), object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  public func serialized(pretty: Bool = false) -> String {
    var out = ""
    write(into: &out, pretty: pretty, indent: 0)
    return out
  }

  private func write(into out: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .integer(let i): out += String(i)
    case .number(let d): out += d.isFinite ? d.description : "null"
    case .string(let s):
      out += "\""
      for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
          if u.value < 0x20 {
            let hex = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else { out.unicodeScalars.append(u) }
        }
      }
      out += "\""
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
        item.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { out += "\n" + String(repeating: "  ", count: indent) }
      out += "]"
    case .object(let members):
      if members.isEmpty { out += "{}"; return }
      out += "{"
      for (i, m) in members.enumerated() {
        if i > 0 { out += "," }
        if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
        JSONValue.string(m.key).write(into: &out, pretty: false, indent: 0)
        out += pretty ? ": " : ":"
        m.value.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { out += "\n" + String(repeating: "  ", count: indent) }
      out += "}"
    }
  }
}
