// ChildProcesses starts and watches child processes with posix_spawn, in place of Foundation's
// `Process`, so the binary needs only FoundationEssentials and FoundationInternationalization.
