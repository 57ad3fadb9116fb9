/// A standard intent shape, as the seed's App Schemas (`.taskManagement.createTask`): a name
/// and the parameters an intent of that shape must take, so that tools can use any intent
/// that implements it without knowing the intent.
public struct AppSchema: Sendable, Hashable {
  /// The schema's name: `tasks.create`.
  public var name: String
  /// What intents of this shape do.
  public var summary: String
  /// The parameters an implementation must take, with the type of value each must accept.
  public var parameters: [String: ValueType]

  /// Declares a schema.
  public init(_ name: String, summary: String, parameters: [String: ValueType]) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
  }

  /// Creates a task from its title.
  public static let tasksCreate = AppSchema(
    "tasks.create", summary: "creates a task from its title", parameters: ["title": .text])
  /// Saves a note from its text.
  public static let notesCreate = AppSchema(
    "notes.create", summary: "saves a note from its text", parameters: ["body": .text])
  /// Adds a tag to many photos at once.
  public static let photosTag = AppSchema(
    "photos.tag", summary: "adds a tag to many photos at once",
    parameters: ["photos": .list(.any), "tag": .text])

  /// The catalog: every schema intents may implement.
  public static let catalog: [AppSchema] = [tasksCreate, notesCreate, photosTag]

  /// The schema in the catalog with this name.
  public static func named(_ name: String) -> AppSchema? {
    catalog.first { $0.name == name }
  }

  /// Why `intent` does not fit this schema: a missing parameter, or one that cannot take the
  /// schema's type; empty when it fits.
  public func problems(in intent: IntentDescriptor) -> [String] {
    parameters.sorted { $0.key < $1.key }.compactMap { name, type in
      guard let parameter = intent.parameter(named: name) else {
        return "'\(intent.identifier)' implements '\(self.name)' but has no parameter '\(name)'"
      }
      if case .never(let why) = type.coercion(to: parameter.type) {
        return "'\(intent.identifier)' implements '\(self.name)' but its '\(name)' cannot take "
          + "\(type.article) \(type): \(why)"
      }
      return nil
    }
  }
}

/// An intent that implements an ``AppSchema``, as `@AppIntent(schema:)` in the seed.
public protocol SchemaConformingIntent: AppIntent {
  /// The schema it implements.
  static var schema: AppSchema { get }
}

extension IntentRegistry {
  /// The intents that implement the schema named `name`.
  public func intents(implementing name: String) -> [IntentDescriptor] {
    intents.filter { $0.schema?.name == name }
  }

  /// Every intent that claims a schema it does not fit, explained; empty when all fit.
  public var schemaProblems: [String] {
    intents.flatMap { intent in intent.schema.map { $0.problems(in: intent) } ?? [] }
  }
}
