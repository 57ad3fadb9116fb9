// Placeholder: replaced as the Cron target is written.
