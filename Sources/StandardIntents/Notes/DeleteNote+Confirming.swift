public import IntentKit

/// Deleting asks first, so validation can warn about scheduled runs that would stop there.
extension DeleteNote: ConfirmingIntent {}
