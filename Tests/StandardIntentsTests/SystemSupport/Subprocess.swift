import Foundation
import TestSupport

/// Runs a program to the end (off the concurrency pool) and returns its exit status and
/// standard output: for checking what the intents wrote with the tools users have (`tar`).
func runTool(_ arguments: [String], in directory: String) async throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = await offPool { pipe.fileHandleForReading.readDataToEndOfFile() }
  await offPool { process.waitUntilExit() }
  return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
