import DataIntents
import Foundation
import StandardIntents
import StrictJSON
import WorkflowEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Peak memory of validating workflow files of up to 16 MB, as a ratio of peak RSS to size.
///
/// Each measurement runs in a fresh child process (this executable, re-run with
/// `memory-stage STAGE FILE`), because a process's peak RSS only ever grows: the child reads
/// the file (`read`), parses it (`parse`), decodes it into a workflow (`decode`), or validates it as `intentflow validate` does
/// (`validate`), and prints its peak. The documents are the shapes that cost most per byte:
/// arrays of tiny numbers, of short strings and of small objects, and a long list of steps.
func runMemoryBenchmark() async throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-memory-\(getpid())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let size = 16_000_000
  print("file                     size      stage     peak RSS   RSS/byte  (RSS − read)/byte")
  for (name, text) in memoryDocuments(approximateBytes: size) {
    let path = directory.appendingPathComponent("\(name).json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    var baseline = 0
    for stage in ["read", "parse", "decode", "validate"] {
      let peak = try peakRSS(stage: stage, path: path)
      if stage == "read" { baseline = peak }
      let bytes = Double(text.utf8.count)
      print(
        name.padding(toLength: 24, withPad: " ", startingAt: 0) + " "
          + "\(figure(bytes / 1_048_576)) MB".padding(toLength: 10, withPad: " ", startingAt: 0)
          + stage.padding(toLength: 9, withPad: " ", startingAt: 0)
          + " \(figure(Double(peak) / 1_048_576)) MB".padding(
            toLength: 11, withPad: " ", startingAt: 0)
          + "  \(figure(Double(peak) / bytes))".padding(toLength: 9, withPad: " ", startingAt: 0)
          + "  \(figure(Double(peak - baseline) / bytes))")
    }
  }
}

/// The documents measured, each about `approximateBytes` long: the shapes that cost most per
/// byte (arrays of tiny numbers, of short strings and of small objects) and a long list of
/// steps. No count of values bounds a workflow, so each is as big as the size limit allows.
private func memoryDocuments(approximateBytes size: Int) -> [(String, String)] {
  func parameterArray(_ item: String) -> String {
    let count = size / (item.utf8.count + 1)
    return #"{"name": "big", "steps": [{"intent": "list.count", "parameters": {"input": ["#
      + Array(repeating: item, count: count).joined(separator: ",") + "]}}]}"
  }
  let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 36)
  let step =
    #"{"id": "sNNNNN", "intent": "text.uppercase", "parameters": {"input": "# + "\""
    + filler + "\"}}"
  let steps = (0..<(size / (step.utf8.count + 2))).map {
    step.replacingOccurrences(of: "NNNNN", with: String($0))
  }
  return [
    ("numbers", parameterArray("1")),
    ("strings", parameterArray(#""abcdefgh""#)),
    ("objects", parameterArray(#"{"a":1}"#)),
    (
      "steps (1 KB each)", #"{"name": "big", "steps": [\#n"# + steps.joined(separator: ",\n") + "]}"
    ),
  ]
}

/// Runs one stage in a child process and returns its peak RSS in bytes.
private func peakRSS(stage: String, path: String) throws -> Int {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["memory-stage", stage, path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  guard let peak = Int(text) else {
    throw BenchmarkFailure(message: "memory-stage \(stage) printed '\(text)'")
  }
  return peak
}

/// The child's side: runs `stage` on the file at `path` and prints the peak RSS in bytes.
func runMemoryStage(_ stage: String, path: String) throws {
  let bytes = try WorkflowFileReader.read(path, limit: WorkflowFileReader.limit)
  switch stage {
  case "parse":
    let root = try? JSONParser.parse(bytes, options: WorkflowFileReader.parserOptions)
    withExtendedLifetime(root) {}
  case "decode":
    let workflow = try? WorkflowLoader.decode(WorkflowSource(path: path, bytes: bytes))
    withExtendedLifetime(workflow) {}
  case "validate":
    let loader = WorkflowLoader(registry: StandardIntents.registry)
    let plan = try? loader.load(WorkflowSource(path: path, bytes: bytes))
    withExtendedLifetime(plan) {}
  default:
    withExtendedLifetime(bytes) {}
  }
  print(peakResidentBytes())
}

/// This process's peak RSS in bytes: `VmHWM` on Linux, which, unlike `getrusage`'s
/// `ru_maxrss`, starts afresh at `exec` instead of carrying the parent's peak over.
private func peakResidentBytes() -> Int {
  #if canImport(Glibc)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
    return 0
  #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Darwin
  #endif
}

/// A benchmark that could not measure.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A figure with two decimals.
private func figure(_ value: Double) -> String {
  String(format: "%.2f", value)
}
