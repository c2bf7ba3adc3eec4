import Foundation
import FuzzCloudKitChecks

// Writes the seed corpus of FuzzCKRecordValues: the records of Tools/Fuzz's MakeCorpus (SeedRecords.swift, a link)
// and a Showcase Note, in CKRecordInput's layout. Run from the repository root:
//   swift run --package-path Tools/Fuzz/CloudKitBridge MakeCKRecordCorpus Tools/Fuzz/Corpus

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: MakeCKRecordCorpus <corpus folder>\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
    .appendingPathComponent("FuzzCKRecordValues", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Names are stable, so rerunning updates the files in place.
    for (name, data) in CKRecordSeeds.all(records: SeedRecords.all()) {
        try data.write(to: folder.appendingPathComponent(name))
    }
} catch {
    FileHandle.standardError.write(Data("cannot write the FuzzCKRecordValues corpus: \(error)\n".utf8))
    exit(1)
}
print("wrote the FuzzCKRecordValues corpus to \(folder.path)")
