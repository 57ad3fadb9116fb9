import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables and current directory, read straight from the C
/// library.
///
/// `ProcessInfo.processInfo.environment` gives the same variables, but it first sets up the
/// whole `ProcessInfo` and builds its dictionary a character at a time (about 0.35 million
/// instructions for a hundred variables, each time it is read), and `FileManager.default`
/// sets up its own state: time a cold start of a few milliseconds does not have to spend.
public enum ProcessEnvironment {
  /// Every variable of `environ`; for a name given twice, the first value (as `getenv`).
  ///
  /// - Complexity: O(n) in the size of the environment.
  public static func variables() -> [String: String] {
    #if canImport(Darwin)
      // `environ` is not exported to Swift there; the runner's cold start matters on Linux.
      return ProcessInfo.processInfo.environment
    #else
      var variables: [String: String] = [:]
      guard let entries = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return variables
      }
      var index = 0
      while let entry = entries[index] {
        index += 1
        // An entry without '=' is not a variable; one starting with '=' has no name. The name
        // and the value are decoded from the C string's bytes directly (invalid UTF-8
        // repaired, as `String(cString:)` does), without a string for the whole entry.
        guard let equals = strchr(entry, Int32(UInt8(ascii: "="))), equals != entry else {
          continue
        }
        let name = String(
          decoding: UnsafeRawBufferPointer(start: entry, count: equals - entry), as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(cString: equals + 1)
        }
      }
      return variables
    #endif
  }

  /// The variable called `name`, or `nil` when it is not set (`getenv`).
  ///
  /// - Complexity: O(n) in the size of the environment, without building a dictionary.
  public static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The current directory, its bytes kept when they are not UTF-8 (as ``FileSystemPath``
  /// text, so that paths made from it name the same folder); `FileManager`'s answer only when
  /// `getcwd` fails (a directory removed under the process, a path too long).
  public static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let path = buffer.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return nil }
      return RawBytes.decode(UnsafeRawBufferPointer(start: base, count: strlen(base)))
    }
    return path ?? FileManager.default.currentDirectoryPath
  }
}
