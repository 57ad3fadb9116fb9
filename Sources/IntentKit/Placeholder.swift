// Placeholder: replaced as the IntentKit target is written.
