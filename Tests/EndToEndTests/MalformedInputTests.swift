import Foundation
import Testing

@Suite("Bad input never crashes the runner")
struct MalformedInputTests {
  /// A file no workflow author meant to write.
  enum BadFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case malformedJSON = "malformed.json"
    case wrongTypes = "wrong-types.json"
    case deepArrays = "deep-arrays.json"
    case deepObjects = "deep-objects.json"
    case balancedDeepArrays = "balanced-deep-arrays.json"
    case unknownKeys = "unknown-keys.json"
    case binaryGarbage = "garbage.json"
    case invalidUTF8 = "invalid-utf8.json"
    case nulBytes = "nul-bytes.json"
    case empty = "empty.json"
    case hugeString = "huge-string.json"
    case unterminatedHugeString = "unterminated-huge-string.json"

    var testDescription: String { rawValue }

    var contents: Data {
      switch self {
      case .malformedJSON: return Data(#"{"name": "x", "steps": [ { "intent": } ]}"#.utf8)
      case .wrongTypes: return Data(#"{"name": [], "steps": "many", "inputs": 3}"#.utf8)
      case .deepArrays: return Data(String(repeating: "[", count: 10_000).utf8)
      case .deepObjects: return Data(String(repeating: #"{"a":"#, count: 10_000).utf8)
      case .balancedDeepArrays:
        return Data(
          (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
      case .unknownKeys: return Data(#"{"nmae": "x", "stpes": [], "?": null}"#.utf8)
      case .binaryGarbage:
        var generator = SplitMix64(seed: 20_240_601)
        return Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
      case .invalidUTF8:
        return Data(#"{"name": ""#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#"", "steps": []}"#.utf8)
      case .nulBytes: return Data([0x7B, 0x00, 0x00, 0x7D])
      case .empty: return Data()
      case .hugeString:
        return Data(
          (#"{"name": ""# + String(repeating: "x", count: 5_000_000) + #"", "steps": 7}"#).utf8)
      case .unterminatedHugeString:
        return Data((#"{"name": ""# + String(repeating: "y", count: 5_000_000)).utf8)
      }
    }

    /// The start of the first diagnostic: `FILE:LINE:` (the column is checked separately).
    var expectedLocation: String { "\(rawValue):1:" }
  }

  @Test("validate and run report a position and exit 2", arguments: BadFile.allCases)
  func badFile(_ file: BadFile) async throws {
    let sandbox = try Sandbox()
    try sandbox.write(file.rawValue, file.contents)
    for arguments in [["validate", file.rawValue], ["run", file.rawValue, "--non-interactive"]] {
      let result = try await sandbox.start(arguments).finish()
      #expect(result.signal == nil, "crashed: \(arguments)")
      #expect(!result.timedOut)
      #expect(result.status == 2, "\(arguments): exit \(String(describing: result.status))")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix(file.expectedLocation), "\(result.stderr.prefix(300))")
      #expect(result.stderr.contains(": error: "))
      // validate counts the errors; run adds that it ran nothing.
      let ending = arguments[0] == "validate" ? "." : "; nothing ran."
      #expect(
        result.stderr.hasSuffix(" error\(ending)\n")
          || result.stderr.hasSuffix(" errors\(ending)\n"),
        "\(result.stderr.suffix(300))")
    }
  }

  @Test(
    "deep nesting is refused with a message, not a stack overflow",
    arguments: [BadFile.deepObjects])  // deep arrays are not workflows: HostileFileTests
  func deepNesting(_ file: BadFile) async throws {
    let sandbox = try Sandbox()
    try sandbox.write(file.rawValue, file.contents)
    let result = try await sandbox.run("validate", file.rawValue)
    #expect(result.status == 2)
    #expect(result.stderr.contains(": error: nesting is deeper than 512 levels\n"))
  }

  @Test("a diagnostic in a 5 MB line shows a short excerpt of the line, not all of it")
  func longLineExcerpt() async throws {
    let sandbox = try Sandbox()
    let file = BadFile.hugeString
    try sandbox.write(file.rawValue, file.contents)
    let result = try await sandbox.run("validate", file.rawValue)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("huge-string.json:1:5000023: error: 'steps' must be a list"))
    #expect(result.stderr.utf8.count < 10_000)
  }

  @Test(
    "a missing file, a directory and an unreadable path are reported, exit 2",
    arguments: [
      ("missing.json", "error: cannot read workflow 'missing.json': no such file; check the path"),
      ("folder", "error: cannot read workflow 'folder': it is a directory, not a workflow file"),
    ])
  func unreadable(path: String, message: String) async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      at: sandbox.work.appendingPathComponent("folder"), withIntermediateDirectories: true)
    for command in ["validate", "run"] {
      let result = try await sandbox.run(command, path)
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty)
      let ending = command == "validate" ? "." : "; nothing ran."
      #expect(result.stderr == message + "\n1 error\(ending)\n")
    }
  }

  @Test("a valid workflow of about 10 MB validates")
  func tenMegabytes() async throws {
    let sandbox = try Sandbox()
    let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 36)
    var text = #"{"name": "big", "description": "generated", "steps": ["# + "\n"
    let count = 10_000
    for index in 0..<count {
      text += #"  {"id": "s\#(index)", "intent": "text.uppercase", "#
      text += #""parameters": {"input": "step \#(index): \#(filler)"}}"#
      text += index == count - 1 ? "\n" : ",\n"
    }
    text += "]}\n"
    #expect(text.utf8.count > 10_000_000)
    try sandbox.write("big.json", text)
    let result = try await sandbox.run("validate", "big.json", timeout: .seconds(60))
    #expect(result.status == 0, "\(result.stderr.prefix(500))")
    #expect(result.stdout == "big.json: ok, 'big' with 10000 steps\n")
  }
}

/// A small seeded generator, so that the garbage is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
