public import IntentKit

/// What `http.request` returns: the status, the headers, the body, and the body parsed when
/// it is JSON. Its text form is the body.
public struct HTTPResponse: AppRecord, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "HTTPResponse")
  public static var properties: EntityProperties<HTTPResponse> {
    EntityProperties(
      .init("status") { $0.status }, .init("headers") { $0.headers },
      .init("body") { $0.body }, .init("json") { $0.json })
  }

  /// The HTTP status code: 200, 404.
  public var status: Int
  /// The response headers, names in lowercase.
  public var headers: [String: String]
  /// The body as text (UTF-8; other bytes become U+FFFD).
  public var body: String
  /// The parsed body when the response's type is JSON, else null.
  public var json: Value

  public init(status: Int, headers: [String: String], body: String, json: Value) {
    self.status = status
    self.headers = headers
    self.body = body
    self.json = json
  }

  public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: body) }
}
