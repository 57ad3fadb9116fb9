// Placeholder: replaced as the Scheduling target is written.
