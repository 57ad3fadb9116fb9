import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A person's name in parts, as the seed's `PersonNameComponents`: a record with `given`,
/// `family` and `nickname`, whose text form is the full name.
///
/// Text converts: `Ada Lovelace` (the last word is the family name), `Lovelace, Ada`, and a
/// nickname in quotes, `Ada "Countess" Lovelace`. A parameter typed `PersonName` takes any of
/// these, or a `PersonName` from an earlier step.
public struct PersonName: AppRecord, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "PersonName")
  public static var defaultQuery: PersonNameQuery { PersonNameQuery() }
  public static var properties: EntityProperties<PersonName> {
    EntityProperties(
      .init("given") { $0.given }, .init("family") { $0.family },
      .init("nickname") { $0.nickname })
  }

  public var given: String?
  public var family: String?
  public var nickname: String?

  /// Creates a name from its parts.
  public init(given: String? = nil, family: String? = nil, nickname: String? = nil) {
    self.given = given
    self.family = family
    self.nickname = nickname
  }

  /// Reads a name from text; `nil` for blank text.
  public init?(parsing text: String) {
    var rest = text.trimming(.whitespacesAndNewlines)
    guard !rest.isEmpty else { return nil }
    if let open = rest.firstIndex(of: "\""),
      let close = rest[rest.index(after: open)...].firstIndex(of: "\"")
    {
      let nickname = rest[rest.index(after: open)..<close].trimming(.whitespaces)
      self.nickname = nickname.isEmpty ? nil : nickname
      rest = String(rest[..<open] + " " + rest[rest.index(after: close)...])
    }
    if let comma = rest.firstIndex(of: ",") {
      family = Self.words(rest[..<comma])
      given = Self.words(rest[rest.index(after: comma)...])
      return
    }
    let words = rest.split(whereSeparator: \.isWhitespace)
    switch words.count {
    case 0: break
    case 1: given = String(words[0])
    default:
      given = words.dropLast().joined(separator: " ")
      family = words.last.map(String.init)
    }
  }

  private static func words(_ text: Substring) -> String? {
    let joined = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return joined.isEmpty ? nil : joined
  }

  /// The full name, given name first; the nickname when there is nothing else.
  public var displayRepresentation: DisplayRepresentation {
    let full = [given, family].compactMap { $0 }.joined(separator: " ")
    return DisplayRepresentation(title: full.isEmpty ? nickname ?? "" : full, subtitle: nickname)
  }
}

/// Turns text into a ``PersonName``: a name is a value, so "finding" one is reading it.
public struct PersonNameQuery: EntityQuery {
  public init() {}

  public func entities(for identifiers: [String]) async throws -> [PersonName] { [] }

  public func entities(matching string: String) async throws -> [PersonName] {
    PersonName(parsing: string).map { [$0] } ?? []
  }
}
