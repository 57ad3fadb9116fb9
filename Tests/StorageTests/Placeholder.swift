// Placeholder: replaced as the StorageTests target is written.
