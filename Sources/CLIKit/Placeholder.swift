// Placeholder: replaced as the CLIKit target is written.
