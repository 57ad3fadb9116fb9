// Every library product IntentFlow offers, imported as a dependent would.
public import CivilTime
public import Cron
public import DataIntents
public import IntentFlowCLI
public import IntentKit
public import StandardIntents
public import WorkflowEngine
