// Placeholder: replaced as the EndToEndTests target is written.
