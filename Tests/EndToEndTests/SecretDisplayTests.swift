import Foundation
import TestSupport
import Testing

/// Issue 20, items 5 and 6: how a secret is shown, with the real binary. A secret is masked
/// where the workflow uses it and in text from outside that echoes it; nothing else changes.
@Suite("How a secret is shown: masked where it is used, nothing else touched")
struct SecretDisplayTests {
  @Test("a one-letter secret leaves 'banana bread' and todo ids alone, and is masked where used")
  func shortSecretLeavesOtherText() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "banana.json",
      """
      { "name": "banana",
        "inputs": { "token": { "type": "text", "secret": true } },
        "steps": [
          { "id": "add", "intent": "todos.add", "parameters": { "title": "banana bread" } },
          { "id": "key", "intent": "text.trim", "parameters": { "input": "key=${inputs.token}" } }
        ],
        "output": "${add.title} ${key}: ${inputs.token}" }
      """)
    let plain = try await sandbox.run("run", "banana.json", "--input", "token=a", "--verbose")
    #expect(plain.status == 0, "\(plain)")
    #expect(plain.stdout == "banana bread key=***: ***\n")
    #expect(plain.stderr.contains("Added 'banana bread'."), "\(plain)")
    #expect(!plain.stderr.contains("***"), "\(plain)")

    let json = try await sandbox.run("run", "banana.json", "--input", "token=a", "--json")
    #expect(json.status == 0, "\(json)")
    let result = try JSONObject(parsing: json.stdout)
    #expect(result.string("output") == "banana bread key=***: ***")
    let steps = try #require(result.objects("steps"))
    let added = try #require(steps.first?.object("output"))
    #expect(added.string("display") == "banana bread")
    #expect(UUID(uuidString: added.string("id") ?? "") != nil, "\(json.stdout)")
    #expect(steps.first?.string("dialog") == "Added 'banana bread'.")
    #expect(steps.last?.string("output") == "key=***")

    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    #expect(history.count == 2)
    #expect(history.allSatisfy { $0.isNull("error") })
  }

  @Test("a secret '1' leaves 127.0.0.1 alone in errors and history, masked in the URL it fills")
  func shortSecretInErrors() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "ip.json",
      """
      { "name": "ip",
        "inputs": { "pin": { "type": "text", "secret": true } },
        "steps": [ { "id": "get", "intent": "http.request",
                     "parameters": { "url": "http://127.0.0.1:9/x?pin=${inputs.pin}" } } ] }
      """)
    let run = try await sandbox.run("run", "ip.json", "--input", "pin=1")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("could not reach 'http://127.0.0.1:9/x?pin=***'"), "\(run)")
    #expect(run.stderr.contains("127.0.0.1 port 9"), "\(run)")
    let history = try parseJSONArray(try await sandbox.run("history", "--json").stdout)
    let error = try #require(history.first?.string("error"))
    #expect(error.contains("could not reach 'http://127.0.0.1:9/x?pin=***'"), "\(error)")
    #expect(error.contains("127.0.0.1 port 9"), "\(error)")
  }

  /// A secret with characters that percent-encoding changes, and pieces to look for.
  static let secret = "Zq9 V@x7/Wp3&Kf5"
  static let fragments = ["Zq9", "V@x7", "Wp3", "Kf5", "V%40x7", "Wp3%26", "%2FWp3"]

  static func leaks(_ text: String) -> [String] {
    fragments.filter { text.contains($0) }
  }

  @Test("a secret in http.request's query shows neither plain nor percent-encoded, nor cut")
  func secretInQueryAndErrorBody() async throws {
    // Answers 400 with a body that ends with the query's value, right across the 300th
    // character, where the error quotes the start of the body.
    let server = try await PythonServer(
      script: """
        import http.server, urllib.parse
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                k = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("k", [""])[0]
                body = ("y" * 295 + k).encode()
                self.send_response(400)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *a): pass
        s = http.server.HTTPServer(("127.0.0.1", 0), H)
        print(s.server_address[1], flush=True)
        s.serve_forever()
        """, name: "the echoing HTTP server")
    let sandbox = try Sandbox()
    try sandbox.write(
      "get.json",
      """
      { "name": "get",
        "inputs": { "key": { "type": "text", "secret": true } },
        "steps": [ { "id": "get", "intent": "http.request",
                     "parameters": { "url": "http://127.0.0.1:\(server.port)/x",
                                     "query": { "k": "${inputs.key}" } } } ] }
      """)
    let run = try await sandbox.run("run", "get.json", "--input", "key=\(Self.secret)")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("/x?k=***' answered 400: yyyy"), "\(run)")
    #expect(run.stderr.contains("yyy***"), "\(run)")
    let json = try await sandbox.run("run", "get.json", "--input", "key=\(Self.secret)", "--json")
    #expect(json.stdout.contains("/x?k=***' answered 400"), "\(json)")
    let history = try await sandbox.run("history", "--json")
    #expect(history.stdout.contains("/x?k=***' answered 400"), "\(history)")
    for output in [run, json, history] {
      #expect(Self.leaks(output.stdout + output.stderr).isEmpty, "\(output)")
    }
  }

  @Test("shell.run's stderr tail is masked before it is cut; the environment form keeps argv clean")
  func shellSecret() async throws {
    let sandbox = try Sandbox()
    // The child gets the secret in its environment, prints its own command line, then
    // writes the secret and 490 more characters to stderr: the 500-character tail would cut
    // into the secret.
    try sandbox.write(
      "shell.json",
      #"""
      { "name": "shell",
        "inputs": { "key": { "type": "text", "secret": true } },
        "steps": [
          { "id": "argv", "intent": "shell.run",
            "parameters": { "script": "tr '\\000' ' ' < /proc/$$/cmdline; printf '%s' \"$KEY\" | wc -c",
                            "environment": { "KEY": "${inputs.key}" } } },
          { "id": "fail", "intent": "shell.run",
            "parameters": { "script": "printf '%s' \"$KEY\" >&2; printf 'x%.0s' $(seq 490) >&2; exit 1",
                            "environment": { "KEY": "${inputs.key}" } } }
        ] }
      """#)
    let validate = try await sandbox.run("validate", "shell.json")
    #expect(validate.status == 0, "\(validate)")
    #expect(!validate.stderr.contains("warning"), "\(validate)")
    let run = try await sandbox.run("run", "shell.json", "--input", "key=\(Self.secret)", "--json")
    #expect(run.status == 1, "\(run)")
    let result = try JSONObject(parsing: run.stdout)
    let steps = try #require(result.objects("steps"))
    let argv = try #require(steps.first?.object("output"))
    let commandLine = try #require(argv.object("properties")?.string("stdout"))
    #expect(commandLine.hasPrefix("/bin/sh -c "), "\(commandLine)")
    #expect(!commandLine.contains("***"), "\(commandLine)")
    #expect(commandLine.hasSuffix(" sh \(Self.secret.utf8.count)\n"), "\(commandLine)")
    let error = try #require(result.object("error")?.string("message"))
    #expect(error.contains("exited with code 1: ***xxx"), "\(error)")
    #expect(Self.leaks(run.stdout + run.stderr).isEmpty, "\(run)")
  }

  @Test("validate warns when a secret is put on shell.run's command line, naming the step")
  func commandLineWarning() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "argv.json",
      """
      { "name": "argv",
        "inputs": { "api-key": { "type": "text", "secret": true } },
        "steps": [ { "id": "call", "intent": "shell.run",
                     "parameters": { "command": ["curl", "-u", "me:${inputs.api-key}", "x"] } } ] }
      """)
    let validate = try await sandbox.run("validate", "argv.json")
    #expect(validate.status == 0, "\(validate)")
    #expect(
      validate.stderr.contains(
        "warning: step 'call' puts secret input 'api-key' in 'command', on the command line of "
          + "the program it runs, where any user of the machine can read it (/proc/PID/cmdline); "
          + #"give it in 'environment' instead ("environment": {"API_KEY": "${inputs.api-key}"}) "#
          + #"and read "$API_KEY", or feed it on standard input with 'input'"#), "\(validate)")
  }

  @Test("a diagnostic quoting the line of a secret input's default shows it as ***")
  func secretDefaultInDiagnostics() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      "default.json",
      """
      { "name": "default",
        "inputs": { "token": { "type": "integer", "secret": true, "default": "hunter2xyz" } },
        "steps": [ { "intent": "text.uppercase", "parameters": { "input": "x" } } ] }
      """)
    let validate = try await sandbox.run("validate", "default.json")
    #expect(validate.status == 2, "\(validate)")
    #expect(validate.stderr.contains(#""secret": true, "default": *** } },"#), "\(validate)")
    #expect(validate.stderr.contains("does not fit its type integer: the value is not an integer"))
    let run = try await sandbox.run("run", "default.json", "--json")
    for output in [validate, run] {
      #expect(!(output.stdout + output.stderr).contains("hunter2"), "\(output)")
    }
  }

  @Test("INTENTFLOW_EXTENSIONS naming a token file warns without quoting the token")
  func tokenFileAsExtensions() async throws {
    let sandbox = try Sandbox()
    let token = try sandbox.write("token.txt", "ghp_Secr3tTokenValue\n")
    try sandbox.write(
      "hello.json",
      #"{ "name": "hello", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "hi" } } ] }"#
    )
    let run = try await IntentFlowProcess(
      executable: IntentFlowBinary.url(), arguments: ["run", "hello.json"],
      environment: sandbox.environment.merging(["INTENTFLOW_EXTENSIONS": token]) { $1 },
      currentDirectory: sandbox.work, standardInput: nil
    ).finish()
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "HI\n")
    #expect(
      run.stderr.contains(
        "warning: \(token):1:1: the extensions file is not valid JSON (its text is not shown)"),
      "\(run)")
    #expect(!run.stderr.contains("Secr3t"), "\(run)")
  }
}
