// The `intentflow` executable: everything lives in IntentFlowCLI.
print("intentflow: not built yet")
