import ChildProcesses
import IntentKit

/// The resolve rule of a parameter that bounds bytes (`shell.run`'s `outputLimit`,
/// `http.request`'s `bodyLimit`; both default to ``BoundedBytes/defaultLimit``): a number of
/// bytes, 1 or more.
func byteLimitRule(named name: String) -> @Sendable (Int) async throws -> ParameterResolution<Int> {
  { limit in
    limit > 0
      ? .success(limit)
      : .unsupported(reason: "'\(name)' must be a number of bytes, 1 or more, not \(limit)")
  }
}
