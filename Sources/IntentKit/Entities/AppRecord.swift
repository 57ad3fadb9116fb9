import StrictJSON

/// A value with typed properties and a text form, returned by intents such as `shell.run`
/// (`ShellResult`) and `http.request` (`HTTPResponse`): like an entity, without a query.
///
/// A record reuses the entity machinery: its properties are read with `${step.property}` and
/// checked before the run, its display title is its text form (what `${step}` inside longer
/// text, stdout and text parameters receive), and `--json` shows it as
/// `{"type", "display", "properties"}`. It has no identity to look up, so its query finds
/// nothing and it has no `id` in JSON or as a dictionary.
///
/// ```swift
/// struct ShellResult: AppRecord {
///   static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "ShellResult")
///   static var properties: EntityProperties<ShellResult> {
///     EntityProperties(.init("stdout") { $0.stdout }, .init("exitCode") { $0.exitCode })
///   }
///   var stdout: String
///   var exitCode: Int
///   var displayRepresentation: DisplayRepresentation { .init(title: stdout) }
/// }
/// ```
public protocol AppRecord: AppEntity {}

extension AppRecord {
  /// Records are never looked up: the query finds nothing.
  public static var defaultQuery: RecordQuery<Self> { RecordQuery() }

  /// An identity derived from the content, so that two records are equal when their
  /// properties are. Not shown to users.
  ///
  /// - Complexity: O(n) in the size of the properties; computed only when compared or hashed.
  public var id: String {
    Self.properties.all.map { "\($0.name)=\($0.read(self).jsonValue.serialized())" }
      .joined(separator: "\n")
  }
}

/// The query of a record type: records are values, not stored content, so it finds nothing.
public struct RecordQuery<Record: AppEntity>: EntityQuery {
  public init() {}
  public func entities(for identifiers: [String]) async throws -> [Record] { [] }
  public func entities(matching string: String) async throws -> [Record] { [] }
}

extension AnyEntity {
  /// Whether the value is a record (``AppRecord``) rather than an entity with an identity.
  /// A dynamic entity of a record type (as `resume` rebuilds a record from its JSON) is one.
  public var isRecord: Bool { base is any AppRecord || dynamic?.type.isRecord == true }
}
