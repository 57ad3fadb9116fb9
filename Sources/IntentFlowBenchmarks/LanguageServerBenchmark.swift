import DataIntents
import Foundation
import IntentKit
@_spi(Benchmarks) import LanguageServer
import StandardIntents
import WorkflowEngine

/// Figures for `intentflow lsp` on a 1,000-step file, each as a ratio to `validate` of the
/// same file in the same run: the diagnostics after a change (the goal is 50 ms), and a
/// completion (the goal is 20 ms), both as the server makes them, without the transport or
/// the pause it waits before validating a change.
func runLanguageServerBenchmark() throws {
  let registry = StandardIntents.registry
  let steps = 1000
  var lines = [
    #"{"name": "chain", "inputs": {"title": {"type": "text", "default": "Buy milk"}}, "steps": ["#,
    #"  {"id": "s1", "intent": "todos.add", "parameters": {"title": "${inputs.title}"}},"#,
  ]
  for index in 2...steps {
    let comma = index == steps ? "" : ","
    lines.append(
      #"  {"id": "s\#(index)", "intent": "text.uppercase", "parameters": {"input": "${s1.title} \#(index)"}}\#(comma)"#
    )
  }
  lines.append("]}")
  let text = lines.joined(separator: "\n")
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-benchmark.json")
    .path
  let uri = "file://" + path

  // `validate` of the same text: decode, plan, every check.
  let loader = WorkflowLoader(registry: registry)
  let source = WorkflowSource(path: path, bytes: Array(text.utf8))
  let validate = median(of: 21) { _ = try? loader.load(source) }

  var probe = LanguageServerProbe(
    server: LanguageServer(
      registry: registry, version: "benchmark", sleep: { _ in }, read: WorkflowLoader.readFile))
  _ = probe.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
  _ = probe.receive(
    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","#
      + #""languageId":"json","version":1,"text":\#(quoted(text))}}}"#)
  // A change in the last step: one character typed into its text, then validated.
  let last = lines.count - 2
  let column = lines[last].utf16.count - 4
  var version = 1
  let change = median(of: 21) {
    version += 1
    let written = probe.receive(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","#
        + #""version":\#(version)},"contentChanges":[{"range":{"start":{"line":\#(last),"#
        + #""character":\#(column)},"end":{"line":\#(last),"character":\#(column)}},"text":"x"}]}}"#
    )
    precondition(written.count == 1 && written[0].contains(#""diagnostics":[]"#), "\(written)")
  }
  // Completions in the last step: after `${s1.` (the properties of a Todo), and after `${`
  // (every earlier step: 999 names).
  let reference = lines[last].range(of: "${s1.")?.lowerBound ?? lines[last].startIndex
  let member = lines[last][..<reference].utf16.count + 5
  let properties = median(of: 21) {
    _ = probe.receive(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":"#
        + #"{"uri":"\#(uri)"},"position":{"line":\#(last),"character":\#(member)}}}"#)
  }
  let names = median(of: 21) {
    _ = probe.receive(
      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":"#
        + #"{"uri":"\#(uri)"},"position":{"line":\#(last),"character":\#(member - 3)}}}"#)
  }
  func row(_ name: String, _ seconds: Double, goal: Double? = nil) {
    let ms = String(format: "%.2f", seconds * 1000)
    let ratio = String(format: "%.2f", seconds / validate)
    let goalText = goal.map { String(format: " (goal ≤ %.0f ms)", $0) } ?? ""
    print("\(name)\(ms) ms, \(ratio) × validate\(goalText)")
  }
  print("1,000-step file, medians of 21:")
  print("validate:                         \(String(format: "%.2f", validate * 1000)) ms")
  row("diagnostics after a change:       ", change, goal: 50)
  row("completion after '${s1.':         ", properties, goal: 20)
  row("completion after '${' (999 names): ", names, goal: 20)
}

/// The median time of `count` runs of `body`, in seconds.
private func median(of count: Int, _ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<count {
    let start = clock.now
    body()
    let elapsed = clock.now - start
    samples.append(
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  return samples.sorted()[count / 2]
}

private func quoted(_ text: String) -> String {
  let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
  return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
}
