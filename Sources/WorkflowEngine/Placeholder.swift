// Placeholder: replaced as the WorkflowEngine target is written.
