func runCronBenchmark() async throws {}
