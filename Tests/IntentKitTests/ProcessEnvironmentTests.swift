import Foundation
import Testing

@testable import IntentKit

// Serialized: the tests change the process's environment, which the others read.
@Suite("Reading the process's environment without ProcessInfo", .serialized)
struct ProcessEnvironmentTests {
  @Test("the variables are the ones ProcessInfo reads")
  func variables() {
    let variables = ProcessEnvironment.variables()
    #expect(variables == ProcessInfo.processInfo.environment)
    #expect(variables["PATH"] != nil)
  }

  @Test("a variable set in the process is read, '=' in its value kept")
  func setVariable() {
    setenv("INTENTFLOW_TEST_ENVIRONMENT", "a=b", 1)
    defer { unsetenv("INTENTFLOW_TEST_ENVIRONMENT") }
    #expect(ProcessEnvironment.variables()["INTENTFLOW_TEST_ENVIRONMENT"] == "a=b")
  }

  @Test("a value that is not UTF-8 is repaired, and an empty value kept")
  func unusualValues() {
    let bytes: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0x62, 0]
    setenv("INTENTFLOW_TEST_NOT_UTF8", bytes, 1)
    setenv("INTENTFLOW_TEST_EMPTY", "", 1)
    defer {
      unsetenv("INTENTFLOW_TEST_NOT_UTF8")
      unsetenv("INTENTFLOW_TEST_EMPTY")
    }
    let variables = ProcessEnvironment.variables()
    #expect(variables["INTENTFLOW_TEST_NOT_UTF8"] == "a\u{FFFD}b")
    #expect(variables["INTENTFLOW_TEST_EMPTY"] == "")
  }

  @Test("one variable is read by name; an unset one is nil")
  func oneVariable() {
    setenv("INTENTFLOW_TEST_ONE_VARIABLE", "a=b", 1)
    defer { unsetenv("INTENTFLOW_TEST_ONE_VARIABLE") }
    #expect(ProcessEnvironment.variable("INTENTFLOW_TEST_ONE_VARIABLE") == "a=b")
    #expect(ProcessEnvironment.variable("INTENTFLOW_TEST_UNSET_VARIABLE") == nil)
  }

  @Test("the current directory is the one FileManager reports")
  func currentDirectory() {
    #expect(ProcessEnvironment.currentDirectory() == FileManager.default.currentDirectoryPath)
  }
}
