// Placeholder: replaced as the IntentFlowCLI target is written.
