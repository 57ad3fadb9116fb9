/// An intent with parameters that must be written out in the workflow file, never built from
/// `${…}`: `shell.run`'s `script` is shell text, and a value spliced into it could run as code.
/// Validation rejects an expression in such a parameter before anything runs.
public protocol LiteralParameters: AppIntent {
  /// The parameters that take no expressions, each with the reason and what to do instead.
  static var literalParameters: [String: String] { get }
}
