// Placeholder: replaced as the StandardIntentsTests target is written.
