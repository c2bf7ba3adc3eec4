import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync

extension SyncHarness {
    /// The person named `name`; nil when the harness has none of that name.
    public func person(_ name: String) -> SimulatedPerson? {
        people.first { $0.name == name }
    }

    /// Where the people's devices and the server disagree: each device must hold the records of the zones its
    /// person owns (named with the default owner, as their private database names them) and the records shared
    /// with its person (named with their owners' names), no other, each as the server holds it.
    func peopleDivergences() async throws -> [String] {
        var problems: [String] = []
        let all = await simulator.serverRecords()
        for person in people {
            let owner = ZoneOwnerMapping(owner: person.name)
            var expected: [RecordID: Record] = [:]
            for record in all where record.id.zoneID.ownerName == person.name {
                let mine = owner.toClient(record)
                expected[mine.id] = mine
            }
            for record in await simulator.sharedRecords(of: person.name) { expected[record.id] = record }
            for device in person.devices {
                var ids = Set<RecordID>()
                for model in models { ids.formUnion(try Self.storedIDs(model, in: device.store)) }
                for id in ids.union(expected.keys).sorted() {
                    problems += Self.compare(try device.store.storedState(of: id), expected[id], id: id, device: device.name)
                }
            }
        }
        return problems
    }
}
