// Placeholder: replaced as the CLIKitTests target is written.
