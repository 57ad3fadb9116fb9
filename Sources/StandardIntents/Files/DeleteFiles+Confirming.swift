public import IntentKit

/// Deleting asks first (unless a step sets `confirmBeforeDeleting` to `false`), so validation
/// can warn about scheduled runs that would stop there.
extension DeleteFiles: ConfirmingIntent {
  public static var confirmationParameter: String? { "confirmBeforeDeleting" }
}
