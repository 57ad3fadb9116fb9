import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("http.request against a local server")
struct HTTPRequestTests {
  let harness: SystemHarness
  let server: LocalServer

  init() async throws {
    harness = try SystemHarness()
    server = try await LocalServer()
  }

  func request(_ arguments: [String: Value]) async throws -> HTTPResponse {
    try #require(try await harness.run("http.request", arguments).output.httpResponse)
  }

  @Test("GET with headers and query; the JSON body is parsed; the text form is the body")
  func get() async throws {
    let response = try await request([
      "url": .text(server.url("/echo?a=1")), "headers": .dictionary(["X-Token": .text("secret")]),
      "query": .dictionary(["q": .text("tea & jam"), "n": .integer(2)]),
    ])
    #expect(response.status == 200)
    #expect(response.headers["x-served-by"] == "test")
    let echo = try #require(response.json.entries, "not JSON: \(response.body)")
    #expect(echo["method"] == .text("GET"))
    #expect(echo["query"] == .text("a=1&n=2&q=tea%20%26%20jam"))
    #expect(echo["token"] == .text("secret"))
    #expect(Value.entity(AnyEntity(response)).textDescription == response.body)
    #expect(HTTPResponse.entityType.isRecord)
  }

  @Test("json sends any value as application/json, with POST unless a method is named")
  func json() async throws {
    let response = try await request([
      "url": .text(server.url("/echo")),
      "json": .dictionary(["items": .list([.integer(1), .text("two")])]),
    ])
    let echo = try #require(response.json.entries)
    #expect(echo["method"] == .text("POST"))
    #expect(echo["contentType"] == .text("application/json"))
    #expect(echo["body"] == .text(#"{"items":[1,"two"]}"#))
    let put = try await request([
      "url": .text(server.url("/echo")), "method": .text("put"), "body": .text("plain"),
    ])
    let echoed = try #require(put.json.entries)
    #expect(echoed["method"] == .text("PUT"))
    #expect(echoed["body"] == .text("plain"))
  }

  @Test("form sends a dictionary URL-encoded")
  func form() async throws {
    let response = try await request([
      "url": .text(server.url("/echo")),
      "form": .dictionary(["name": .text("Ada L"), "x": .text("a=b")]),
    ])
    let echo = try #require(response.json.entries)
    #expect(echo["contentType"] == .text("application/x-www-form-urlencoded"))
    #expect(echo["body"] == .text("name=Ada%20L&x=a%3Db"))
  }

  @Test("redirects are followed; a text body has null json")
  func redirectAndText() async throws {
    let redirected = try await request(["url": .text(server.url("/redirect"))])
    let echo = try #require(redirected.json.entries)
    #expect(echo["query"] == .text("from=redirect"))
    let text = try await request(["url": .text(server.url("/text"))])
    #expect(text.body == "plain words\n")
    #expect(text.json == .null)
  }

  @Test(
    "a body longer than bodyLimit fails the step, counted after decompression",
    arguments: ["/big?200000", "/gzip?200000"])
  func bodyLimit(path: String) async throws {
    for allowFailure in [false, true] {
      let error = try await #require(throws: IntentFlowError.self) {
        try await harness.run(
          "http.request",
          [
            "url": .text(server.url(path)), "bodyLimit": .integer(100_000),
            "allowFailure": .boolean(allowFailure),
          ])
      }
      #expect(
        error.message.hasSuffix(
          "GET '\(server.url(path))' answered with a body of more than 100000 bytes "
            + "(decompressed), the step's bodyLimit; raise 'bodyLimit' if it must be this long"),
        "\(error.message)")
    }
    let fits = try await request([
      "url": .text(server.url(path.replacing("200000", with: "1000"))),
      "bodyLimit": .integer(1000),
    ])
    #expect(fits.body.count == 1000)
  }

  @Test("a redirect to a scheme other than http or https is not followed")
  func redirectToFTP() async throws {
    let refused = try await #require(throws: IntentFlowError.self) {
      try await harness.run("http.request", ["url": .text(server.url("/redirect-ftp"))])
    }
    #expect(
      refused.message.hasSuffix(
        "the server redirected to 'ftp://127.0.0.1:\(server.port)/file', which is not an http "
          + "or https URL; only http and https redirects are followed"))
  }

  @Test(
    "a line break or NUL in a header, or a name that is not a token, is refused naming it",
    arguments: [
      (
        ["X-Token": Value.text("a\rInjected: yes")],
        "header 'X-Token': its value holds a line break or NUL, which would end the header "
          + "early; remove it (join lines with a space)"
      ),
      (
        ["X-Token": Value.text("a\nInjected: yes")],
        "header 'X-Token': its value holds a line break or NUL, which would end the header "
          + "early; remove it (join lines with a space)"
      ),
      (
        ["X-Token": Value.text("a\u{0}b")],
        "header 'X-Token': its value holds a line break or NUL, which would end the header "
          + "early; remove it (join lines with a space)"
      ),
      (
        ["X-A\rB": Value.text("1")],
        "header 'X-A\rB' is not a header name: use letters, digits and - (as in 'X-Token')"
      ),
      (
        ["Bad Name": Value.text("1")],
        "header 'Bad Name' is not a header name: use letters, digits and - (as in 'X-Token')"
      ),
    ])
  func headerInjection(headers: [String: Value], message: String) async throws {
    let refused = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "http.request", ["url": .text(server.url("/echo")), "headers": .dictionary(headers)])
    }
    #expect(refused.code == .unsupported)
    #expect(refused.message.hasSuffix(message))
  }

  @Test("a status of 400 or more fails with the status and the body's start, unless allowFailure")
  func errorStatus() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("http.request", ["url": .text(server.url("/status/404"))])
    }
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "GET '\(server.url("/status/404"))' answered 404: not here: /status/404 (set "
          + "allowFailure to handle it yourself)"))
    let allowed = try await request([
      "url": .text(server.url("/status/503")), "allowFailure": .boolean(true),
    ])
    #expect(allowed.status == 503)
  }

  @Test("bad input: not an http URL, two bodies, a refused connection")
  func badInput() async throws {
    let scheme = try await #require(throws: IntentFlowError.self) {
      try await harness.run("http.request", ["url": .text("ftp://example.com/x")])
    }
    #expect(scheme.code == .unsupported)
    let two = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "http.request",
        ["url": .text(server.url("/echo")), "body": .text("a"), "json": .integer(1)])
    }
    #expect(two.message.hasSuffix("give one of 'body', 'json' and 'form', not several"))
    let closed = "http://127.0.0.1:9/"
    let refused = try await #require(throws: IntentFlowError.self) {
      try await harness.run("http.request", ["url": .text(closed)])
    }
    #expect(refused.message.contains("could not reach '\(closed)'"))
    let allowed = try await request(["url": .text(closed), "allowFailure": .boolean(true)])
    #expect(allowed.status == 0)
  }

  @Test("a user name and password in the URL are not shown in its errors")
  func credentialsHidden() async throws {
    let refused = try await #require(throws: IntentFlowError.self) {
      try await harness.run("http.request", ["url": .text("http://ann:hunter2@127.0.0.1:9/")])
    }
    #expect(refused.message.contains("could not reach 'http://***@127.0.0.1:9/'"))
    #expect(!refused.message.contains("hunter2"))
    let missing = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "http.request",
        ["url": .text(server.url("/status/404").replacing("http://", with: "http://a:pw@"))])
    }
    #expect(missing.message.contains("GET 'http://***@127.0.0.1:"))
    #expect(!missing.message.contains("a:pw"))
  }
}
