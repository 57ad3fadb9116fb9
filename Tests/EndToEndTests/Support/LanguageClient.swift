import Foundation
import Synchronization

/// A small Language Server Protocol client for the tests: it starts `intentflow lsp` in a
/// sandbox, writes framed messages to its standard input and reads framed messages from its
/// standard output, as an editor does.
///
/// Messages are returned as the exact text the server wrote, so that tests compare them
/// whole. A wait ends when the awaited message arrives (or the server ends), never on a poll.
final class LanguageClient: Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let process: IntentFlowProcess
  /// The messages already returned, by their place in the output.
  private let taken = Mutex<Set<Int>>([])

  /// Starts the server in `sandbox`'s working directory.
  init(in sandbox: Sandbox) throws {
    process = try IntentFlowProcess(
      executable: IntentFlowBinary.url(), arguments: ["lsp"], environment: sandbox.environment,
      currentDirectory: sandbox.work, standardInput: "", keepingInputOpen: true)
  }

  /// Writes one message.
  func send(_ json: String) {
    process.type("Content-Length: \(json.utf8.count)\r\n\r\n" + json)
  }

  /// Sends a request and returns the server's response to it.
  func request(_ id: Int, _ method: String, _ params: String) async throws -> String {
    send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return try await next { message in
      (message["id"] as? Int) == id && message["method"] == nil
    }
  }

  /// Sends a notification.
  func notify(_ method: String, _ params: String) {
    send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
  }

  /// `initialize` and `initialized`, with no client capabilities; returns the response.
  func initialize() async throws -> String {
    let response = try await request(
      1, "initialize", #"{"processId":null,"rootUri":null,"capabilities":{}}"#)
    notify("initialized", "{}")
    return response
  }

  /// Opens a document with its text.
  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      #"{"textDocument":{"uri":\#(Self.quoted(uri)),"languageId":"json","version":\#(version),"text":\#(Self.quoted(text))}}"#
    )
  }

  /// The next message not returned yet that the server sent with `method`.
  func notification(_ method: String) async throws -> String {
    try await next { ($0["method"] as? String) == method }
  }

  /// The first message not returned yet that satisfies `matches`, waiting for it.
  func next(where matches: @escaping @Sendable ([String: Any]) -> Bool) async throws -> String {
    let find: @Sendable ([UInt8]) -> (Int, String)? = { [self] bytes in
      let already = self.taken.withLock { $0 }
      for (index, body) in Self.messages(in: bytes).enumerated() where !already.contains(index) {
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        else { continue }
        if matches(object) { return (index, body) }
      }
      return nil
    }
    _ = await process.waitForStandardOutput(timeout: .seconds(20)) { find($0) != nil }
    guard let (index, body) = find(Array(process.stdoutSoFar.utf8)) else {
      throw Failure(
        description: "no such message; the server wrote:\n\(process.stdoutSoFar)\n"
          + "and on standard error:\n\(process.stderrSoFar)")
    }
    _ = taken.withLock { $0.insert(index) }
    return body
  }

  /// `shutdown`, then `exit`; returns how the server ended.
  func shutDown() async throws -> IntentFlowProcess.Output {
    _ = try await request(999, "shutdown", "null")
    notify("exit", "null")
    return await process.finish()
  }

  /// The complete message bodies in a stream of framed messages.
  static func messages(in bytes: [UInt8]) -> [String] {
    var bodies: [String] = []
    var index = 0
    let separator = Array("\r\n\r\n".utf8)
    while index < bytes.count {
      guard
        let end = (index..<max(index, bytes.count - 3)).first(where: {
          Array(bytes[$0..<($0 + 4)]) == separator
        })
      else { break }
      let header = String(decoding: bytes[index..<end], as: UTF8.self)
      guard
        let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }
        ),
        let length = Int(line.dropFirst("Content-Length: ".count))
      else { break }
      let start = end + 4
      guard bytes.count - start >= length else { break }
      bodies.append(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
      index = start + length
    }
    return bodies
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    let data = try? JSONSerialization.data(
      withJSONObject: [text], options: [.withoutEscapingSlashes])
    let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
    return String(array.dropFirst().dropLast())
  }
}
