public import IntentKit
import StrictJSON
import Suggestions
import WorkflowEngine

/// Entities as MCP resources (DESIGN section 14): one resource template
/// `intentflow://TYPE/{id}` per entity type that a listed tool takes or returns, read through
/// the type's query.
///
/// Only those types: a server that lists todo tools offers todos, not the photos or notes of
/// the same home. Record types (values without identity) have no resources.
public struct EntityResources: Sendable {
  /// The entity types offered, by name.
  public let types: [EntityType]

  /// The entity types that `tools` take as arguments or return, and that the steps of the
  /// workflows among them take or return (nested workflows too), sorted by name.
  public init(tools: [Tool]) {
    var seen: [String: EntityType] = [:]
    func visit(_ type: ValueType) {
      switch type {
      case .entity(let entity) where !entity.isRecord: seen[entity.name] = entity
      case .list(let element): visit(element)
      default: break
      }
    }
    func visit(_ plan: Plan) {
      _ = Plan.walk(plan.steps, intoNestedWorkflows: true) { step in
        visit(step.outputType)
        if case .action(let action) = step.kind {
          action.descriptor.parameters.forEach { visit($0.type) }
        }
        return true
      }
    }
    for tool in tools {
      tool.parameters.forEach { visit($0.type) }
      visit(tool.outputType)
      if case .workflow(let plan, _) = tool.kind { visit(plan) }
    }
    types = seen.values.sorted { $0.name < $1.name }
  }

  /// The URI scheme of entity resources.
  static let scheme = "intentflow://"

  /// The URI of an entity: `intentflow://TYPE/ID`, the id percent-encoded.
  static func uri(of entity: AnyEntity) -> String {
    scheme + entity.typeName + "/" + PercentEncoding.encoded(entity.id)
  }

  /// The template of a type's resources.
  static func template(of type: EntityType) -> String {
    scheme + type.name + "/{id}"
  }

  /// What a resource URI names: an entity type's name and an id.
  struct Address: Sendable, Equatable {
    var typeName: String
    var id: String
  }

  /// Reads `intentflow://TYPE/ID`.
  ///
  /// - Returns: `nil` when the text is not of that form (another scheme, no `/`, an empty
  ///   type or id, an invalid percent escape).
  static func address(_ uri: String) -> Address? {
    guard uri.hasPrefix(scheme) else { return nil }
    let rest = uri.dropFirst(scheme.count)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let typeName = String(rest[..<slash])
    let encoded = rest[rest.index(after: slash)...]
    guard !typeName.isEmpty, !encoded.isEmpty, let id = PercentEncoding.decoded(encoded) else {
      return nil
    }
    return Address(typeName: typeName, id: id)
  }

  /// The offered type named `name`.
  func type(named name: String) -> EntityType? {
    types.first { $0.name == name }
  }

  /// The message for a type that is not offered, with a "did you mean" when one is close.
  func unknownType(_ name: String) -> String {
    var message = "no resources of type '\(name)'"
    if let suggestion = Spelling.closest(to: name, among: types.map(\.name)) {
      message += "; did you mean '\(suggestion)'?"
    } else if types.isEmpty {
      message += "; this server offers no entity resources (no listed tool takes or returns one)"
    } else {
      message += "; the types are " + types.map { "'\($0.name)'" }.joined(separator: ", ")
    }
    return message
  }
}

/// Percent-encoding of the id in a resource URI (RFC 3986): every byte of its UTF-8 but the
/// unreserved characters is `%XX`.
enum PercentEncoding {
  static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        result.unicodeScalars.append("%")
        result.unicodeScalars.append(digits[Int(byte >> 4)])
        result.unicodeScalars.append(digits[Int(byte & 0x0F)])
      }
    }
    return result
  }

  /// The text, its `%XX` escapes decoded; `nil` for a broken escape or bytes that are not
  /// UTF-8.
  static func decoded(_ text: Substring) -> String? {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    func digit(_ byte: UInt8?) -> UInt8? {
      switch byte {
      case let byte? where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
        return byte - UInt8(ascii: "0")
      case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
        return byte - UInt8(ascii: "a") + 10
      case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
        return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = digit(iterator.next()), let low = digit(iterator.next()) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
