public import Foundation
public import IntentKit
import StrictJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `http.request`: sends an HTTP request with `URLSession` and returns the response.
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

  @Parameter(title: "Headers", description: "Request headers: {\"Authorization\": \"Bearer …\"}.")
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

  public init() {}

  public func perform() async throws -> IntentResult<HTTPResponse> {
    let request = try makeRequest()
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await URLSession.shared.data(for: request)
    } catch {
      try Task.checkCancellation()
      let reason = (error as? URLError).map(Self.reason) ?? "\(error)"
      guard allowFailure else {
        throw IntentError("could not reach '\(url.absoluteString)': \(reason)")
      }
      return .result(
        value: HTTPResponse(status: 0, headers: [:], body: "", json: .null),
        dialog: "Could not reach '\(url.absoluteString)': \(reason).")
    }
    guard let http = response as? HTTPURLResponse else {
      throw IntentError("'\(url.absoluteString)' did not answer with HTTP")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers["\(name)".lowercased()] = "\(value)"
    }
    let body = String(decoding: data, as: UTF8.self)
    var parsed = Value.null
    if let type = headers["content-type"]?.lowercased(), type.contains("json"),
      let node = try? JSONParser.parse(Array(data))
    {
      parsed = Value(json: node.plainValue)
    }
    let result = HTTPResponse(status: http.statusCode, headers: headers, body: body, json: parsed)
    if http.statusCode >= 400 && !allowFailure {
      var start = body.trimmingCharacters(in: .whitespacesAndNewlines)
      if start.count > 300 { start = start.prefix(300) + "…" }
      throw IntentError(
        "\(request.httpMethod ?? "GET") '\(url.absoluteString)' answered \(http.statusCode)"
          + (start.isEmpty ? "" : ": \(start)") + " (set allowFailure to handle it yourself)")
    }
    return .result(value: result)
  }

  private func makeRequest() throws -> URLRequest {
    var target = url
    if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
      let added = query.sorted { $0.key < $1.key }.map {
        "\(Self.formEncode($0.key))=\(Self.formEncode($0.value.textDescription))"
      }
      let existing = components.percentEncodedQuery.map { [$0] } ?? []
      components.percentEncodedQuery = (existing + added).joined(separator: "&")
      if let combined = components.url { target = combined }
    }
    var request = URLRequest(url: target)
    // The step's timeout governs; URLSession's own 60-second limit would cut long ones short.
    request.timeoutInterval = 24 * 3600
    let bodies = [body != nil, json != nil, form != nil].filter { $0 }.count
    guard bodies <= 1 else {
      throw IntentError("give one of 'body', 'json' and 'form', not several")
    }
    if let body {
      request.httpBody = Data(body.utf8)
    } else if let json {
      request.httpBody = Data(json.jsonValue.serialized().utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    } else if let form {
      let encoded = form.sorted { $0.key < $1.key }.map {
        "\(Self.formEncode($0.key))=\(Self.formEncode($0.value.textDescription))"
      }
      request.httpBody = Data(encoded.joined(separator: "&").utf8)
      request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers {
      request.setValue(value.textDescription, forHTTPHeaderField: name)
    }
    let verb = (method ?? (bodies == 1 ? "POST" : "GET")).uppercased()
    guard !verb.isEmpty, verb.allSatisfy({ $0.isLetter || $0 == "-" }) else {
      throw IntentError("'\(method ?? "")' is not an HTTP method; use GET, POST, PUT…")
    }
    request.httpMethod = verb
    return request
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters.
  static func formEncode(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.append(Character(UnicodeScalar(byte)))
      default:
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }

  private static func reason(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: return "the connection was refused"
    case .cannotFindHost: return "the host name was not found"
    case .timedOut: return "it timed out"
    case .notConnectedToInternet: return "there is no network connection"
    case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
      .serverCertificateHasUnknownRoot, .secureConnectionFailed:
      return "the secure connection failed (\(error.localizedDescription))"
    default: return error.localizedDescription
    }
  }
}
