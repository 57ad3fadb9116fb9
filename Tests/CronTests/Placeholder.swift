// Placeholder: replaced as the CronTests target is written.
