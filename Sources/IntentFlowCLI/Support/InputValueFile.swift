import WorkflowEngine

/// The value of `--input NAME=VALUE`, which may come from a file: `NAME=@FILE` reads the
/// file, so that a secret need not appear in the command line (visible to every user in
/// `/proc/PID/cmdline`) and a value may be longer than the system's argument limit.
///
/// `@@` stands for a literal leading `@` (`--input handle=@@me` gives `@me`). The file is
/// read as UTF-8 text with one final line break removed (as `$(cat FILE)` does); it must be a
/// regular file of at most the workflow size limit (``WorkflowFileReader``).
enum InputValueFile {
  /// What went wrong reading a value's file, as a message for a usage error.
  struct Failure: Error {
    var message: String
  }

  /// The value that `text` (what follows `NAME=`) stands for.
  /// A relative path starts at `currentDirectory`.
  static func value(of text: Substring, name: Substring, currentDirectory: String)
    throws(Failure) -> String
  {
    guard text.hasPrefix("@") else { return String(text) }
    if text.hasPrefix("@@") { return String(text.dropFirst()) }
    let path = String(text.dropFirst())
    guard !path.isEmpty else {
      throw Failure(
        message: "--input \(name)=@ names no file; write \(name)=@FILE, or \(name)=@@ for '@'")
    }
    let bytes: [UInt8]
    do {
      let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
      bytes = try WorkflowFileReader.read(absolute, limit: WorkflowFileReader.limit)
    } catch {
      throw Failure(message: "cannot read the value of input '\(name)' from '\(path)': \(error)")
    }
    guard var value = String(validating: bytes, as: UTF8.self) else {
      throw Failure(
        message: "the value of input '\(name)' in '\(path)' is not UTF-8 text; save it as UTF-8")
    }
    if value.hasSuffix("\r\n") {
      value.removeLast(1)  // "\r\n" is one Character
    } else if value.hasSuffix("\n") {
      value.removeLast()
    }
    return value
  }
}
