import Extensions
import Testing

@Suite("extensions.json")
struct ExtensionCatalogTests {
  private func parse(_ text: String) -> ExtensionCatalog {
    ExtensionCatalog.parse(Array(text.utf8), path: "extensions.json")
  }

  @Test("an entry gives command, args, env and protocol; the protocol defaults to intentflow")
  func decodes() {
    let catalog = parse(
      """
      { "extensions": {
        "time": { "command": "uvx", "args": ["mcp-server-time"], "env": { "TZ": "UTC" },
                  "protocol": "mcp" },
        "notes": { "command": "./notes.py" } } }
      """)
    #expect(catalog.problems.isEmpty)
    #expect(
      catalog.extensions == [
        ExtensionConfiguration(name: "notes", command: "./notes.py"),
        ExtensionConfiguration(
          name: "time", command: "uvx", arguments: ["mcp-server-time"], environment: ["TZ": "UTC"],
          wireProtocol: .mcp),
      ])
  }

  @Test("a broken entry is reported with its line and column and the others still load")
  func brokenEntry() {
    let catalog = parse(
      """
      { "extensions": {
        "a": { "comand": "x" },
        "b": { "command": "y", "protocol": "grpc" },
        "c": { "command": "z" } } }
      """)
    #expect(catalog.extensions.map(\.name) == ["c"])
    #expect(
      catalog.problems == [
        "extensions.json:2:10: unknown key 'comand' in extension 'a'; did you mean 'command'?",
        "extensions.json:2:8: extension 'a' needs a 'command': the program to start, as text",
        "extensions.json:3:38: 'protocol' of extension 'b' must be 'intentflow' or 'mcp'",
      ])
  }

  @Test("a syntax error names the file, line and column")
  func syntaxError() {
    let catalog = parse("{ \"extensions\": { \"a\": { \"command\": \"x\", } } }")
    #expect(catalog.extensions.isEmpty)
    #expect(catalog.problems.count == 1)
    #expect(catalog.problems.first?.hasPrefix("extensions.json:1:") == true)
  }

  @Test("a file that is not JSON (a token file named by mistake) is not quoted")
  func tokenFile() {
    let catalog = parse("ghp_Secr3tTokenValue\n")
    #expect(
      catalog.problems == [
        "extensions.json:1:1: the extensions file is not valid JSON (its text is not shown); "
          + "it must be an object: { \"extensions\": { \"NAME\": { … } } }"
      ])
  }

  @Test("a name with a dot or space is refused, as it would make intent names ambiguous")
  func badName() {
    let catalog = parse("{ \"extensions\": { \"my.ext\": { \"command\": \"x\" } } }")
    #expect(
      catalog.problems == [
        "extensions.json:1:19: extension name 'my.ext' must be letters, digits, '-' or '_', "
          + "starting with a letter"
      ])
  }
}
