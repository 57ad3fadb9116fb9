#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WorkflowResolver {
  /// Resolves `workflow` steps against the file system: a path is relative to the file that
  /// names it, files are identified by their absolute path with symbolic links resolved, and
  /// each file is read with `read` and decoded as ``WorkflowLoader`` decodes.
  public static func files(
    read: @escaping @Sendable (String) throws -> [UInt8] = WorkflowLoader.readFile
  ) -> WorkflowResolver {
    WorkflowResolver(
      locate: { path, file in
        let named = WorkflowPath.named(path, inFile: file)
        let key = WorkflowPath.absolute(
          named, in: "", resolvingSymlinks: true)  // "": the current directory, as bytes
        return Location(path: named, key: key)
      },
      resolve: { location in
        let bytes: [UInt8]
        do {
          bytes = try read(location.path)
        } catch {
          return .unreadable(reason: WorkflowLoader.describe(error))
        }
        do throws(WorkflowInvalid) {
          let decoded = try WorkflowLoader.decodeCollecting(
            WorkflowSource(path: location.path, bytes: bytes))
          return .decoded(decoded.workflow, problems: decoded.problems)
        } catch {
          return .invalid(error)
        }
      })
  }
}
