public import IntentKit

/// Finds notes, as the seed's `NoteQuery`: by id, by text in the body, and the recent ones as
/// suggestions. While a Focus filter is set (`notes.setFilter`), it sees only that tag.
public struct NoteQuery: EntityQuery {
  @Dependency({ $0.notesStore }) var store: NoteStore

  public init() {}

  public func entities(for identifiers: [String]) async throws -> [Note] {
    try store.notes(ids: identifiers)
  }

  /// The most recent notes, pinned ones first (at most ``NoteStore/suggestionLimit``).
  public func suggestedEntities() async throws -> [Note] {
    Array(try store.find(query: nil, tag: nil).prefix(NoteStore.suggestionLimit))
  }

  /// Notes whose body contains the text, ignoring case; a single exact title wins.
  public func entities(matching string: String) async throws -> [Note] {
    let matches = try store.find(query: string, tag: nil)
    let exact = matches.filter { $0.title.lowercased() == string.lowercased() }
    return exact.count == 1 ? exact : matches
  }
}
