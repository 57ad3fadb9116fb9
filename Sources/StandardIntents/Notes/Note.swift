import CivilTime
public import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A note, as the seed's `NoteEntity`: the title is the body's first line, and `preview` is a
/// deferred property, computed only when something reads it.
public struct Note: AppEntity, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Note")
  public static var defaultQuery: NoteQuery { NoteQuery() }
  public static var properties: EntityProperties<Note> {
    EntityProperties(
      .init("title") { $0.title }, .init("body") { $0.body }, .init("tag") { $0.tag },
      .init("created") { $0.created }, .init("isPinned") { $0.isPinned },
      .deferred("preview") { $0.computePreview() })
  }

  /// The longest preview, in characters.
  public static let previewLength = 80

  /// A UUID, the same on every machine that shares the store.
  public var id: String
  public var body: String
  public var tag: String
  public var created: Date
  public var isPinned: Bool
  /// Counts preview computations for the store the note came from; not part of its value.
  let previews: PreviewCounter

  /// Creates a note; the store makes them, tests may too.
  public init(
    id: String, body: String, tag: String, created: Date, isPinned: Bool,
    previews: PreviewCounter = PreviewCounter()
  ) {
    self.id = id
    self.body = body
    self.tag = tag
    self.created = created
    self.isPinned = isPinned
    self.previews = previews
  }

  /// The body's first non-blank line, trimmed.
  public var title: String {
    let lines = body.split(whereSeparator: \.isNewline)
    let first = lines.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
    return first.trimming(.whitespaces)
  }

  /// The text after the title with whitespace collapsed, cut to ``previewLength`` characters
  /// with an ellipsis: what a list row would show under the title.
  ///
  /// - Complexity: O(n) in the length of the body; counted in ``PreviewCounter``.
  public func computePreview() -> String {
    previews.increment()
    let words = body.split(whereSeparator: \.isWhitespace)
    let titleWords = title.split(whereSeparator: \.isWhitespace).count
    let rest = words.dropFirst(titleWords).joined(separator: " ")
    guard rest.count > Self.previewLength else { return rest }
    return rest.prefix(Self.previewLength - 1) + "…"
  }

  /// The title, with the tag and the creation time as the subtitle.
  public var displayRepresentation: DisplayRepresentation {
    var subtitle = "\(tag), \(Timestamp.format(created, in: .current))"
    if isPinned { subtitle += ", pinned" }
    return DisplayRepresentation(title: title.isEmpty ? "(empty note)" : title, subtitle: subtitle)
  }

  public static func == (lhs: Note, rhs: Note) -> Bool {
    lhs.id == rhs.id && lhs.body == rhs.body && lhs.tag == rhs.tag && lhs.created == rhs.created
      && lhs.isPinned == rhs.isPinned
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
