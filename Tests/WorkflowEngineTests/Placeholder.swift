// Placeholder: replaced as the WorkflowEngineTests target is written.
