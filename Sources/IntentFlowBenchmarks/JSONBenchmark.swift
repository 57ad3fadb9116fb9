func runJSONBenchmark() async throws {}
