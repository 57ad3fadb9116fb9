// Nothing to compile: building this target makes SwiftPM check every dependency.
public let probe = 0
