import Synchronization

/// A workflow file's path, kept once per process and named by a number, for
/// ``SourceLocation``s.
///
/// A validated workflow holds a location for nearly everything in it (each step, its id, its
/// intent, each argument and value, each reference). With the path itself in each of them,
/// every copy of a location retained the path's text and every destroyed one released it
/// (seven pairs for each step of a chain); with a number, a location is three plain numbers.
/// The table keeps each path the process has named once (a few bytes each, and the same
/// files are named again and again), so the number of a path never changes.
public struct SourceFile: Sendable, Hashable {
  /// 0 for text without a file; otherwise one more than the path's position in the table.
  @usableFromInline let number: UInt32

  /// No file: text given in memory, or a value that came from nowhere in a file.
  public static let noFile = SourceFile(number: 0)

  /// The file at `path` as the user gave it; `nil` is ``noFile``.
  ///
  /// - Complexity: a lock and a hash of the path, the first time a path is named; keep the
  ///   value rather than making it again for each location in a file.
  public init(_ path: String?) {
    guard let path else {
      number = 0
      return
    }
    number = Self.table.withLock { $0.number(for: path) }
  }

  private init(number: UInt32) {
    self.number = number
  }

  /// The path as the user gave it, or `nil` for ``noFile``.
  public var path: String? {
    guard number != 0 else { return nil }
    return Self.table.withLock { $0.paths[Int(number) - 1] }
  }

  /// Every path named so far, by number.
  private static let table = Mutex(Table())

  private struct Table: Sendable {
    var paths: [String] = []
    var numbers: [String: UInt32] = [:]

    mutating func number(for path: String) -> UInt32 {
      if let known = numbers[path] { return known }
      // Four billion distinct paths in one process cannot come from files a user names.
      precondition(paths.count < Int(UInt32.max), "too many workflow files named")
      paths.append(path)
      let number = UInt32(paths.count)
      numbers[path] = number
      return number
    }
  }
}
