/// How one entity is shown to people: in prompts, lists of candidates, text output.
public struct DisplayRepresentation: Sendable, Hashable {
  /// The main line: a todo's title, a file's name.
  public var title: String
  /// An optional second line: a due date, a folder.
  public var subtitle: String?

  /// Creates a display representation.
  public init(title: String, subtitle: String? = nil) {
    self.title = title
    self.subtitle = subtitle
  }
}

/// How a kind of entity is named to people: `Todo`, `Note`.
public struct TypeDisplayRepresentation: Sendable, Hashable {
  /// The singular name, which is also the entity type's name in workflow files and JSON.
  public var name: String

  /// Creates a type display representation.
  public init(name: String) {
    self.name = name
  }
}
