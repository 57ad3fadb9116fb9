// Placeholder: replaced as the StandardIntents target is written.
