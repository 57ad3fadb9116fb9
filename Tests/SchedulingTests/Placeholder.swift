// Placeholder: replaced as the SchedulingTests target is written.
