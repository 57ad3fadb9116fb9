// Placeholder: replaced as the StrictJSON target is written.
