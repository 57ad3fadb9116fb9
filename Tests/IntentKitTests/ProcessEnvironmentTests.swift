import Foundation
import Testing

@testable import IntentKit

@Suite("Reading the process's environment without ProcessInfo")
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

  @Test("one variable is read by name; an unset one is nil")
  func oneVariable() {
    setenv("INTENTFLOW_TEST_ENVIRONMENT", "a=b", 1)
    defer { unsetenv("INTENTFLOW_TEST_ENVIRONMENT") }
    #expect(ProcessEnvironment.variable("INTENTFLOW_TEST_ENVIRONMENT") == "a=b")
    #expect(ProcessEnvironment.variable("INTENTFLOW_TEST_UNSET_VARIABLE") == nil)
  }

  @Test("the current directory is the one FileManager reports")
  func currentDirectory() {
    #expect(ProcessEnvironment.currentDirectory() == FileManager.default.currentDirectoryPath)
  }
}
