import Foundation

/// Short, lowercase reasons for file-system errors, for messages that quote the path
/// themselves.
enum FileErrors {
  /// The underlying system reason of a Foundation file error (`no such file or directory`),
  /// else the error's own description.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Paths.reason(Int32(underlying.code))
    }
    if nsError.domain == NSPOSIXErrorDomain { return Paths.reason(Int32(nsError.code)) }
    switch nsError.code {
    case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    case NSFileWriteFileExistsError: return "it already exists"
    case NSFileWriteOutOfSpaceError: return "no space left on device"
    default: return nsError.localizedDescription
    }
  }
}
