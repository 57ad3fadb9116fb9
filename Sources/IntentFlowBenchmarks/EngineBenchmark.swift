func runEngineBenchmark() async throws {}
