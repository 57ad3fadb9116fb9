func runStoreBenchmark() async throws {}
