import Foundation
import StrictJSON
import Testing

@testable import Extensions

@Suite("The layers of the JSON-RPC connection")
struct JSONRPCLayersTests {
  /// Feeds `chunks` in turn and returns the lines that came out and the last outcome.
  static func lines(
    _ chunks: [String], limit: Int = 16
  ) -> (lines: [String], outcome: JSONRPCLineFramer.Outcome) {
    var framer = JSONRPCLineFramer(limit: limit)
    var lines: [String] = []
    var outcome = JSONRPCLineFramer.Outcome.fed
    for chunk in chunks {
      outcome = framer.feed(Array(chunk.utf8)[...]) {
        lines.append(String(decoding: $0, as: UTF8.self))
        return true
      }
      if outcome != .fed { break }
    }
    return (lines, outcome)
  }

  @Test("lines come out whole, however the reads cut them")
  func framing() {
    #expect(Self.lines(["a\nb", "c\n", "\n", "d"]) == (["a", "bc", ""], .fed))
    #expect(Self.lines(["{\"x\":", "1}\n{\"y\":2}\n"]) == (["{\"x\":1}", "{\"y\":2}"], .fed))
  }

  @Test("a line over the limit is refused, ended or not; one at the limit passes")
  func oversized() {
    #expect(Self.lines([String(repeating: "x", count: 16) + "\n"]).outcome == .fed)
    #expect(Self.lines([String(repeating: "x", count: 17) + "\n"]).outcome == .oversized)
    #expect(
      Self.lines([String(repeating: "x", count: 10), String(repeating: "x", count: 7)])
        .outcome == .oversized)
  }

  @Test("a receiver that stops ends the feed")
  func stopping() {
    var framer = JSONRPCLineFramer(limit: 16)
    var seen = 0
    let outcome = framer.feed(Array("a\nb\nc\n".utf8)[...]) { _ in
      seen += 1
      return seen < 2
    }
    #expect(outcome == .stopped)
    #expect(seen == 2)
  }

  static func parse(_ line: String) throws(JSONRPCMessage.Malformed) -> JSONRPCMessage {
    try JSONRPCMessage.parse(Array(line.utf8)[...]) {
      $0.replacingOccurrences(of: "hunter2", with: "***")
    }
  }

  @Test("replies, requests, notifications and blank lines are told apart")
  func messages() throws {
    #expect(
      try Self.parse(#"{"jsonrpc":"2.0","id":3,"result":{"a":1}}"#)
        == .reply(id: 3, .success(.object([("a", 1)]))))
    #expect(
      try Self.parse(#"{"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"no"}}"#)
        == .reply(id: 4, .failure(JSONRPCMessage.Failure(message: "no"))))
    #expect(
      try Self.parse(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#)
        == .request(id: "p", method: "ping"))
    #expect(
      try Self.parse(#"{"jsonrpc":"2.0","method":"notifications/progress","params":{}}"#)
        == .notification(method: "notifications/progress", params: .object([])))
    #expect(try Self.parse(" \t\r") == .blank)
  }

  @Test("a line that cannot be acted on says why, with secrets masked before the cut")
  func malformed() {
    #expect(throws: JSONRPCMessage.Malformed(problem: "sent a message that is not a JSON object")) {
      try Self.parse("[1]")
    }
    #expect(throws: JSONRPCMessage.Malformed(problem: "sent a reply without a numeric id")) {
      try Self.parse(#"{"jsonrpc":"2.0","id":"x","result":1}"#)
    }
    #expect(
      throws: JSONRPCMessage.Malformed(
        problem: "sent a malformed message 'token *** oops': expected a value, found 'token'; "
          + #"put strings in double quotes: "token" at column 1; it must"#
          + " write one JSON-RPC message a line on stdout and log to stderr")
    ) { try Self.parse("token hunter2 oops") }
  }

  @Test("the request table: replies reach their request, late ones are dropped, strangers break")
  func requestTable() throws {
    var table = JSONRPCRequestTable()
    let first = try table.open(progress: nil)
    let second = try table.open(progress: nil)
    #expect((first.id, second.id) == (1, 2))
    #expect(table.outstanding == 2)
    guard case .waiting(let reply) = table.deliver(1) else {
      Issue.record("the reply to request 1 found no request")
      return
    }
    #expect(reply === first.reply)
    let withdrawn = (table.withdraw(2), table.withdraw(2))
    #expect(withdrawn == (true, false))
    guard case .late = table.deliver(2) else {
      Issue.record("a reply to a cancelled request was not dropped")
      return
    }
    guard case .unknown = table.deliver(2) else {
      Issue.record("a second reply to a cancelled request was taken")
      return
    }
    let third = try table.open(progress: nil)
    let pending = table.fail(ExtensionError("gone"))
    #expect(pending.count == 1 && pending[0] === third.reply)
    #expect(throws: ExtensionError("gone")) {
      var copy = table
      _ = try copy.open(progress: nil)
    }
    _ = table.fail(ExtensionError("later"))
    #expect(table.failure == ExtensionError("gone"))
  }
}
