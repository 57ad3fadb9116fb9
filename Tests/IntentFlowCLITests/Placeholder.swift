// Placeholder: replaced as the IntentFlowCLITests target is written.
