// GeneratorBenchmark: how long recordgen takes to render 1,000 record types of 20 fields, then generated models
// against the raw Record archive (PASS/FAIL per direction against 1.5x, on paired batches; exits 1 on a FAIL).
// Run: swift run -c release --package-path Tools/Benchmarks GeneratorBenchmark
// Instruction counts of one operation: valgrind --tool=callgrind --toggle-collect='*ProfileMode*measure*' \
//     Tools/Benchmarks/.build/release/GeneratorBenchmark --profile model-decode 1000
import Foundation
import RecordKitGenerator
import RecordSchema

/// The best of `runs` timings of `body`, in seconds.
func bestTime(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

// `--profile <operation> [count]` runs one model-benchmark operation alone, for callgrind.
if let index = CommandLine.arguments.firstIndex(of: "--profile") {
    exit(try ProfileMode.run(Array(CommandLine.arguments[(index + 1)...])))
}

// `--write-model` refreshes the generated models the model benchmark compiles, then exits.
if CommandLine.arguments.contains("--write-model") {
    try ModelBenchmark.writeModels()
    exit(0)
}

let schema = SyntheticSchema.make(typeCount: 1_000, fieldsPerType: 20)
let input = GeneratorInput(schema: schema, displayPath: "Synthetic.records.xml")
// The pipeline's stages, as `recordgen generate` runs them (minus reading the XML): validate, render, write.
let pipeline = GeneratorPipeline()
var bytes = 0
let generation = try bestTime(runs: 3) {
    let files = try pipeline.generate([input])
    bytes = files.reduce(0) { $0 + $1.contents.utf8.count }
}
print("Generating 1,000 record types x 20 fields (+1 enum), best of 3")
print("  generate:  \(format(generation)) s for \(bytes / 1024) KiB of Swift   (goal: under 2 s) \(generation < 2 ? "OK" : "SLOW")")

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordgen-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
let files = try pipeline.generate([input])
let firstWrite = try bestTime(runs: 1) { _ = try pipeline.write(files, to: folder) }
let rewrite = try bestTime(runs: 3) { _ = try pipeline.write(files, to: folder) }
print("  write 1,001 files:       \(format(firstWrite)) s")
print("  rewrite, nothing changed: \(format(rewrite)) s (compares, writes nothing)")
try? FileManager.default.removeItem(at: folder)

if try !ModelBenchmark.run() {
    print("FAIL: with the foundation benchmark's notes, a generated-model direction is over 1.5 times the raw Record archive")
    exit(1)
}
