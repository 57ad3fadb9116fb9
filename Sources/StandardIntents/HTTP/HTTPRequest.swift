import ChildProcesses
import DataIntents
public import IntentKit
import StrictJSON
import Suggestions

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `http.request`: sends an HTTP request and returns the response (libcurl, opened on the
/// first request, on Linux; `URLSession` on macOS).
public struct HTTPRequest: AppIntent {
  public static let identifier: IntentIdentifier = "http.request"
  public static let title = "Get Contents of URL"
  public static let description =
    "Sends an HTTP request (GET unless a body is given, then POST; or the method you name) "
    + "and returns status, headers, body and parsed JSON. Redirects are followed; a status of "
    + "400 or more fails the step unless allowFailure."
  public static let parameterSummary: String? = "{method} {url}"

  @Parameter(
    title: "URL", requestValueDialog: "Which URL?", isInput: true,
    resolve: { url in
      ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        ? .success(url)
        : .unsupported(reason: "'\(url.absoluteString)' is not an http or https URL")
    })
  public var url: URL

  @Parameter(title: "Method", description: "GET, POST, PUT, PATCH, DELETE, HEAD…")
  public var method: String?

  @Parameter(
    title: "Headers", description: "Request headers: {\"Authorization\": \"Bearer …\"}.",
    resolve: { headers in
      if let problem = HTTPRequest.headerProblem(in: headers) {
        return .unsupported(reason: problem)
      }
      return .success(headers)
    })
  public var headers: [String: Value] = [:]

  @Parameter(title: "Query", description: "Added to the URL's query, percent-encoded.")
  public var query: [String: Value] = [:]

  @Parameter(title: "Body", description: "Text sent as the body.")
  public var body: String?

  @Parameter(title: "JSON", description: "Any value, sent as application/json.")
  public var json: Value?

  @Parameter(title: "Form", description: "A dictionary sent URL-encoded, as a web form.")
  public var form: [String: Value]?

  @Parameter(
    title: "Allow failure",
    description: "Whether a status of 400 or more still succeeds (and a failed connection "
      + "returns status 0).")
  public var allowFailure: Bool = false

  @Parameter(
    title: "Body limit",
    description: "The most bytes of the response body the step keeps, counted after "
      + "decompression: 67108864 (64 MiB) unless set. A longer body fails the step.",
    resolve: byteLimitRule(named: "bodyLimit"))
  public var bodyLimit: Int = BoundedBytes.defaultLimit

  @Dependency({ $0.secrets }) var secrets: SecretValues

  public init() {}

  public func perform() async throws -> IntentResult<HTTPResponse> {
    var exchange = try makeExchange()
    exchange.bodyLimit = bodyLimit
    var answer: HTTPExchange.Answer
    do {
      answer = try await exchange.send()
    } catch {
      if error.cancelled { throw CancellationError() }
      if error.bodyOverLimit {
        throw IntentError(
          "\(exchange.method) '\(exchange.shownURL)' answered with a body of more than "
            + "\(bodyLimit) bytes (decompressed), the step's bodyLimit; raise 'bodyLimit' if "
            + "it must be this long")
      }
      guard allowFailure else {
        throw IntentError("could not reach '\(exchange.shownURL)': \(error.reason)")
      }
      return .result(
        value: HTTPResponse(status: 0, headers: [:], body: "", json: .null),
        dialog: "Could not reach '\(exchange.shownURL)': \(error.reason).")
    }
    let body = answer.body.takeText()
    var parsed = Value.null
    if let type = answer.headers["content-type"]?.lowercased(), type.contains("json"),
      let node = try? JSONParser.parse(body)
    {
      parsed = Value(json: node.plainValue)
    }
    let result = HTTPResponse(
      status: answer.status, headers: answer.headers, body: body, json: parsed)
    if answer.status >= 400 && !allowFailure {
      // Masked before the cut, so that no fragment of a secret survives it.
      var start = secrets.masking(body.trimming(.whitespacesAndNewlines))
      if start.count > 300 { start = start.prefix(300) + "…" }
      throw IntentError(
        "\(exchange.method) '\(exchange.shownURL)' answered \(answer.status)"
          + (start.isEmpty ? "" : ": \(start)") + " (set allowFailure to handle it yourself)")
    }
    return .result(value: result)
  }

  private func makeExchange() throws -> HTTPExchange {
    var target = url.absoluteString
    if !query.isEmpty {
      let added = query.sorted { $0.key < $1.key }.map {
        "\(Self.formEncode($0.key))=\(Self.formEncode($0.value.textDescription))"
      }
      let (base, fragment) = Self.split(target, at: "#")
      target = base + (base.contains("?") ? "&" : "?") + added.joined(separator: "&")
      if let fragment { target += "#" + fragment }
    }
    let bodies = [body != nil, json != nil, form != nil].filter { $0 }.count
    guard bodies <= 1 else {
      throw IntentError("give one of 'body', 'json' and 'form', not several")
    }
    var headerLines: [(name: String, value: String)] = []
    var content: [UInt8]?
    var type: String?
    if let body {
      content = Array(body.utf8)
      type = "text/plain; charset=utf-8"
    } else if let json {
      content = Array(json.jsonValue.serialized().utf8)
      type = "application/json"
    } else if let form {
      let encoded = form.sorted { $0.key < $1.key }.map {
        "\(Self.formEncode($0.key))=\(Self.formEncode($0.value.textDescription))"
      }
      content = Array(encoded.joined(separator: "&").utf8)
      type = "application/x-www-form-urlencoded"
    }
    let given = headers.keys.map { $0.lowercased() }
    if let type, !given.contains("content-type") { headerLines.append(("Content-Type", type)) }
    if let problem = Self.headerProblem(in: headers) { throw IntentError(problem) }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      headerLines.append((name, value.textDescription))
    }
    let verb = (method ?? (bodies == 1 ? "POST" : "GET")).uppercased()
    guard !verb.isEmpty, verb.allSatisfy({ $0.isLetter || $0 == "-" }) else {
      throw IntentError("'\(method ?? "")' is not an HTTP method; use GET, POST, PUT…")
    }
    return HTTPExchange(url: target, method: verb, headers: headerLines, body: content)
  }

  /// What is wrong with a header, if anything: a name must be an HTTP token (letters, digits
  /// and `!#$%&'*+-.^_`|~`), and no value may hold a carriage return, line feed or NUL, which
  /// would end the header early and let the rest reach the server as a header or request of
  /// its own.
  static func headerProblem(in headers: [String: Value]) -> String? {
    let token = Set("!#$%&'*+-.^_`|~".unicodeScalars)
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      let validName =
        !name.isEmpty
        && name.unicodeScalars.allSatisfy {
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || token.contains($0))
        }
      guard validName else {
        return "header '\(name)' is not a header name: use letters, digits "
          + "and - (as in 'X-Token')"
      }
      if value.textDescription.unicodeScalars.contains(where: { ["\r", "\n", "\0"].contains($0) }) {
        return "header '\(name)': its value holds a line break or NUL, which would end the header "
          + "early; remove it (join lines with a space)"
      }
    }
    return nil
  }

  private static func split(_ text: String, at separator: Character) -> (String, String?) {
    guard let index = text.firstIndex(of: separator) else { return (text, nil) }
    return (String(text[..<index]), String(text[text.index(after: index)...]))
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters.
  static func formEncode(_ text: String) -> String { PercentEncoding.encode(text) }
}
