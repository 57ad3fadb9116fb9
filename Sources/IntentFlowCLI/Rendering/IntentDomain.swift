import IntentKit
import StandardIntents

// The domains themselves are declared once each, beside their intents (`IntentDomain.todos`
// in StandardIntents, `IntentDomain.text` in DataIntents), and listed in
// `StandardIntents.domains`. Here: how `intentflow intents` and `Docs/Intents.md` group what
// the registry holds under their headings.
extension IntentDomain {
  /// The intents grouped by domain: the known domains first, in their order, then the
  /// others (an extension's `NAME.TOOL`, say) by prefix, each a domain named after it;
  /// within a domain, by identifier. Domains without intents are left out.
  static func group(
    _ intents: [IntentDescriptor], known: [IntentDomain] = StandardIntents.domains
  ) -> [(domain: IntentDomain, intents: [IntentDescriptor])] {
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
      groups.append((IntentDomain(name: prefix, prefixes: [prefix], intents: []), sorted(members)))
    }
    return groups
  }

  private static func sorted(_ intents: [IntentDescriptor]) -> [IntentDescriptor] {
    intents.sorted { $0.identifier.rawValue < $1.identifier.rawValue }
  }
}
