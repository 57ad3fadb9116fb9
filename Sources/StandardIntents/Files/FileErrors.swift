#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Short, lowercase reasons for file-system errors, for messages that quote the path
/// themselves.
enum FileErrors {
  /// The underlying system reason of a Foundation file error (`no such file or directory`),
  /// else a reason for its code (FoundationEssentials has no localized descriptions).
  static func reason(_ error: any Error) -> String {
    if let error = error as? POSIXError { return Paths.reason(error.code.rawValue) }
    guard let error = error as? CocoaError else { return String(describing: error) }
    if let underlying = error.underlying as? POSIXError {
      return Paths.reason(underlying.code.rawValue)
    }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteFileExists: return "it already exists"
    case .fileWriteOutOfSpace: return "no space left on device"
    case .fileWriteVolumeReadOnly: return "read-only file system"
    case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "invalid file name"
    case .fileReadTooLarge: return "file too large"
    case .fileReadCorruptFile: return "the file is damaged or in an unknown format"
    case .fileReadUnknownStringEncoding, .fileReadInapplicableStringEncoding,
      .fileWriteInapplicableStringEncoding:
      return "the text is not in the expected encoding"
    default: return "file system error \(error.code.rawValue)"
    }
  }
}
