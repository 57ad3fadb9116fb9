import Foundation
import IntentKit
import StandardIntents
import Synchronization
import TestSupport
import Testing

@testable import DataIntents

@Suite("shell.run")
struct ShellRunTests {
  let harness: SystemHarness

  init() throws {
    harness = try SystemHarness()
  }

  func run(_ arguments: [String: Value]) async throws -> ShellResult {
    let result = try await harness.run("shell.run", arguments)
    return try #require(result.output.shellResult)
  }

  @Test("a command is a list of words: a value with shell syntax stays one argument")
  func argv() async throws {
    let result = try await run([
      "command": .list([.text("printf"), .text("%s|")]),
      "arguments": .list([.text("a b; rm -rf x"), .text("$HOME")]),
    ])
    #expect(result.stdout == "a b; rm -rf x|$HOME|")
    #expect(result.exitCode == 0)
  }

  @Test("a script gets values only as $1, $2…")
  func script() async throws {
    let result = try await run([
      "script": .text("echo \"[$1] [$2]\"; echo done >&2"),
      "arguments": .list([.text("it's; `date`"), .text("two")]),
    ])
    #expect(result.stdout == "[it's; `date`] [two]\n")
    #expect(result.stderr == "done\n")
    #expect(Value.entity(AnyEntity(result)).textDescription == "[it's; `date`] [two]")
  }

  @Test("input, environment and directory reach the command")
  func context() async throws {
    try harness.write("sub/marker", "")
    let result = try await run([
      "script": .text("cat; echo \"$GREETING\"; ls"), "input": .text("from stdin\n"),
      "environment": .dictionary(["GREETING": .text("hi"), "COUNT": .integer(3)]),
      "directory": .text("sub"),
    ])
    #expect(result.stdout == "from stdin\nhi\nmarker\n")
  }

  @Test("a non-zero exit fails with the code and the end of stderr, unless allowFailure")
  func failure() async throws {
    let script = Value.text("echo partial; echo 'disk full' >&2; exit 3")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("shell.run", ["script": script])
    }
    #expect(error.code == .failed)
    #expect(error.message.hasSuffix("the script exited with code 3: disk full"))
    let allowed = try await run(["script": script, "allowFailure": .boolean(true)])
    #expect(allowed.exitCode == 3)
    #expect(allowed.stdout == "partial\n")
  }

  @Test("bad input: no command, both, an unknown program, shell text given as a command")
  func badInput() async throws {
    let cases: [([String: Value], String)] = [
      (
        [:],
        "give either 'command' (a list of words, such as [\"ls\", \"-l\"]) or 'script' (shell text)"
      ),
      (
        ["command": .list([.text("true")]), "script": .text("true")],
        "give 'command' or 'script', not both"
      ),
      (
        ["command": .text("no-such-program-here")],
        "command 'no-such-program-here' was not found on PATH"
      ),
      (
        ["command": .text("ls -l")],
        "command 'ls -l' was not found on PATH; 'command' is a list of words (write [\"ls\", "
          + "\"-l\"], not \"ls -l\"), or use 'script' for shell text"
      ),
    ]
    for (arguments, message) in cases {
      let error = try await #require(throws: IntentFlowError.self) {
        try await harness.run("shell.run", arguments)
      }
      #expect(error.message.hasSuffix(message), "\(error.message)")
    }
  }

  @Test("a command that writes more than outputLimit is stopped and the step fails, naming it")
  func outputLimit() async throws {
    for allowFailure in [false, true] {
      let error = try await #require(throws: IntentFlowError.self) {
        try await harness.run(
          "shell.run",
          [
            "command": .list([.text("yes")]), "outputLimit": .integer(4096),
            "allowFailure": .boolean(allowFailure),
          ])
      }
      #expect(error.code == .failed)
      #expect(
        error.message.hasSuffix(
          "'yes' wrote more than 4096 bytes to standard output, the step's outputLimit, and was "
            + "stopped; raise 'outputLimit', or send the output to a file and read what you need "
            + "of it"), "\(error.message)")
    }
    let fits = try await run(["script": .text("printf 1234"), "outputLimit": .integer(4)])
    #expect(fits.stdout == "1234")
    let zero = try await #require(throws: IntentFlowError.self) {
      try await harness.run("shell.run", ["script": .text("true"), "outputLimit": .integer(0)])
    }
    #expect(zero.message.hasSuffix("'outputLimit' must be a number of bytes, 1 or more, not 0"))
  }

  @Test("10 MB on stdout and on stderr do not deadlock")
  func largeOutput() async throws {
    let result = try await run([
      "script": .text(
        "head -c 10485760 /dev/zero | tr '\\0' e >&2; head -c 10485760 /dev/zero | tr '\\0' o")
    ])
    #expect(result.stdout.utf8.count == 10_485_760)
    #expect(result.stderr.utf8.count == 10_485_760)
    #expect(result.stdout.utf8.allSatisfy { $0 == UInt8(ascii: "o") })
  }

  @Test(
    "on timeout the whole process group is stopped: the command's child dies too",
    arguments: [false, true])
  func timeoutKillsGroup(ignoringTerm: Bool) async throws {
    // The grandchild `sleep` holds a FIFO open: the test sees it start (its open returns) and
    // sees it die (end of file), so nothing here waits on the clock.
    let fifo = harness.path("alive")
    #expect(mkfifo(fifo, 0o600) == 0)
    let trap = ignoringTerm ? "trap '' TERM; " : ""
    let opened = OpenedFIFO()
    var options = IntentInvocation.Options()
    options.timeout = .seconds(30)
    options.sleep = { _ in
      // The "timeout" is over as soon as the grandchild runs.
      let descriptor = await offPool { open(fifo, O_RDONLY) }
      opened.set(descriptor)
    }
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "shell.run",
        ["script": .text("\(trap)sleep 1000 > \"$1\" & wait"), "arguments": .text(fifo)],
        options: options)
    }
    #expect(error.code == .timedOut)
    let descriptor = try #require(opened.get())
    defer { close(descriptor) }
    // End of file once every writer (the grandchild) is gone; 20 s only as a last resort.
    let ended = await offPool { () -> Bool in
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 20_000) > 0 else { return false }
      var byte: UInt8 = 0
      return read(descriptor, &byte, 1) == 0
    }
    #expect(ended)
  }
}

/// A descriptor handed from the timeout's sleep to the test.
final class OpenedFIFO: Sendable {
  private let value = Mutex<Int32?>(nil)
  func set(_ descriptor: Int32) { value.withLock { $0 = descriptor } }
  func get() -> Int32? { value.withLock { $0 } }
}
