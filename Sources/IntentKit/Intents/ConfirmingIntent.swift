/// An intent whose `confirm()` may ask the user before it performs (a destructive or costly
/// action, such as deleting a todo). The mark lets validation warn, before any run, that a
/// scheduled run would stop at it unless it answers yes.
public protocol ConfirmingIntent: AppIntent {
  /// A boolean parameter that, set to `false` in a step, stops the intent from asking
  /// (`files.delete`'s `confirmBeforeDeleting`); `nil` when the intent always asks.
  static var confirmationParameter: String? { get }
}

extension ConfirmingIntent {
  public static var confirmationParameter: String? { nil }
}
