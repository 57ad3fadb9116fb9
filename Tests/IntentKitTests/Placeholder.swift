// Placeholder: replaced as the IntentKitTests target is written.
