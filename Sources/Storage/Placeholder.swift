// Placeholder: replaced as the Storage target is written.
