import IntentKit

/// A group of intents shown together by `intentflow intents` and in `Docs/Intents.md`: the
/// domains of DESIGN's standard library, each with the identifier prefixes it covers.
///
/// An intent whose prefix no domain lists (an extension's `NAME.TOOL`, say) gets a domain of
/// its own, named after the prefix, after the known ones.
struct IntentDomain: Sendable, Hashable {
  /// The heading: `Numbers`.
  var name: String
  /// The identifier prefixes it covers, before the first dot: `math`, `number`.
  var prefixes: [String]

  /// The known domains, in the order they are listed.
  static let known: [IntentDomain] = [
    IntentDomain(name: "Text", prefixes: ["text"]),
    IntentDomain(name: "Numbers", prefixes: ["math", "number"]),
    IntentDomain(name: "Lists", prefixes: ["list"]),
    IntentDomain(name: "Dictionaries", prefixes: ["dict"]),
    IntentDomain(name: "JSON", prefixes: ["json"]),
    IntentDomain(name: "Dates", prefixes: ["date"]),
    IntentDomain(name: "Files", prefixes: ["files"]),
    IntentDomain(name: "Shell", prefixes: ["shell"]),
    IntentDomain(name: "HTTP", prefixes: ["http"]),
    IntentDomain(name: "Interaction", prefixes: ["ask", "show"]),
    IntentDomain(name: "Flow", prefixes: ["flow"]),
    IntentDomain(name: "Todos", prefixes: ["todos"]),
    IntentDomain(name: "Notes", prefixes: ["notes"]),
    IntentDomain(name: "Photos", prefixes: ["photos"]),
  ]

  /// The prefixes as users read them: `math.*, number.*`.
  var patterns: String { prefixes.map { "\($0).*" }.joined(separator: ", ") }

  /// The intents grouped by domain: known domains first, in their order, then the others by
  /// prefix; within a domain, by identifier. Domains without intents are left out.
  static func group(_ intents: [IntentDescriptor]) -> [(
    domain: IntentDomain, intents: [IntentDescriptor]
  )] {
    var byPrefix: [String: [IntentDescriptor]] = [:]
    for intent in intents {
      let prefix = String(intent.identifier.rawValue.prefix { $0 != "." })
      byPrefix[prefix, default: []].append(intent)
    }
    var groups: [(domain: IntentDomain, intents: [IntentDescriptor])] = []
    for domain in known {
      let members = domain.prefixes.flatMap { byPrefix.removeValue(forKey: $0) ?? [] }
      if !members.isEmpty { groups.append((domain, sorted(members))) }
    }
    for (prefix, members) in byPrefix.sorted(by: { $0.key < $1.key }) {
      groups.append((IntentDomain(name: prefix, prefixes: [prefix]), sorted(members)))
    }
    return groups
  }

  private static func sorted(_ intents: [IntentDescriptor]) -> [IntentDescriptor] {
    intents.sorted { $0.identifier.rawValue < $1.identifier.rawValue }
  }
}
