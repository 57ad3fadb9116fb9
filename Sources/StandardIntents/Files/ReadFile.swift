public import IntentKit
import Suggestions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `files.read`: a text file's contents.
public struct ReadFile: AppIntent {
  public static let identifier: IntentIdentifier = "files.read"
  public static let title = "Read File"
  public static let description =
    "Reads a file as UTF-8 text; a file that is not UTF-8 text fails with a clear message."
  public static let parameterSummary: String? = "Read {file}"

  @Parameter(
    title: "File", requestValueDialog: "Which file?", isInput: true,
    resolve: { file in
      file.isDirectory
        ? .unsupported(reason: "'\(file.path)' is a folder; list it with files.list")
        : .success(file)
    })
  public var file: File

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let bytes = try Self.contents(of: file.path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw IntentError(
        "'\(file.path)' is not UTF-8 text (it may be binary or in another encoding); "
          + "convert it first, for example with iconv")
    }
    return .result(value: text)
  }

  /// The bytes of the regular file at `path`. It is opened without blocking and its type
  /// checked through the descriptor, so a named pipe or a device is refused at once rather
  /// than waited on (a FIFO's `open` waits for a writer) or read without end.
  static func contents(of path: String) throws -> [UInt8] {
    let descriptor = FileSystemPath(path).withCString {
      open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    }
    guard descriptor >= 0 else {
      throw IntentError("cannot read '\(path)': \(Paths.reason())")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw IntentError("cannot read '\(path)': \(Paths.reason())")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw IntentError(
        "cannot read '\(path)': it is \(Paths.kind(of: info.st_mode)), not a regular file; "
          + "files.read reads files")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw IntentError("cannot read '\(path)': \(Paths.reason())")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: buffer[..<count])
    }
  }
}
