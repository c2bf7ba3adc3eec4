/// Generated models against the raw Record archive: filled in once the native archive is available.
enum ModelBenchmark {
    static func run() {}
}
