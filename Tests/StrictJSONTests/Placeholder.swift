// Placeholder: replaced as the StrictJSONTests target is written.
