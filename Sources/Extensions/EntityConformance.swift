import IntentKit

/// The checks `intentflow extensions check` makes of each declared entity type: it runs the
/// queries the type declares and checks that their answers fit together.
public enum EntityConformance {
  /// One checked point: whether it holds, and what was checked or found.
  public struct Finding: Sendable, Hashable {
    public var ok: Bool
    public var text: String
  }

  /// Runs the entity type's queries in `session`: suggestions, a look-up by id of the first
  /// suggestion, a look-up of an unknown id (which must find nothing) and a match of the first
  /// suggestion's title.
  public static func findings(of entity: EntityDeclaration, in session: ExtensionSession) async
    -> [Finding]
  {
    var findings: [Finding] = []
    let type = entity.entityType { request in try await session.entities(answering: request) }
    let queries = EntityDeclaration.QueryKind.allCases.filter(entity.queries.contains)
    findings.append(
      Finding(
        ok: true,
        text: "\(entity.properties.count) properties, queries "
          + queries.map(\.rawValue).joined(separator: ", ")))
    var sample: AnyEntity?
    if entity.queries.contains(.suggested) {
      do {
        let suggested = try await type.suggestedEntities()
        sample = suggested.first
        findings.append(Finding(ok: true, text: "suggests \(suggested.count) entities"))
      } catch {
        findings.append(Finding(ok: false, text: "suggested: \(error)"))
      }
    }
    do {
      let found = try await type.entities(for: ["intentflow-check-no-such-id"])
      findings.append(
        Finding(
          ok: found.isEmpty,
          text: found.isEmpty
            ? "finds nothing for an unknown id"
            : "answers an unknown id with \(found.count) entities; leave unknown ids out"))
    } catch {
      findings.append(Finding(ok: false, text: "ids: \(error)"))
    }
    guard let sample else {
      findings.append(
        Finding(
          ok: true, text: "nothing suggested, so look-ups by id and by title were not tried"))
      return findings
    }
    do {
      let found = try await type.entities(for: [sample.id])
      let ok = found.count == 1 && found[0].id == sample.id
      findings.append(
        Finding(
          ok: ok,
          text: ok
            ? "finds '\(sample.id)' by its id"
            : "ids: looking up '\(sample.id)' gave \(found.count) entities; expected that one"))
    } catch {
      findings.append(Finding(ok: false, text: "ids: \(error)"))
    }
    let title = sample.displayRepresentation.title
    do {
      let found = try await type.entities(matching: title)
      let ok = found.contains { $0.id == sample.id }
      findings.append(
        Finding(
          ok: ok,
          text: ok
            ? "finds '\(title)' by its title"
            : "string: '\(title)' does not find the entity that has it as its title"))
    } catch {
      findings.append(Finding(ok: false, text: "string: \(error)"))
    }
    return findings
  }
}
