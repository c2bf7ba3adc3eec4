import Foundation

/// The last few identifier-length strings a decode built, so a repeat (a zone owner's name appears as the
/// record's zone owner, creator, modifier and in every reference to the same zone) shares one `String`
/// instead of validating and allocating it again.
///
/// Four slots, replaced round-robin; only strings of 16...64 bytes are kept: shorter ones are stored inline in
/// the `String` (no allocation to save) and longer ones rarely repeat.
struct RepeatedStrings {
    private struct Slot {
        var offset = 0
        var count = 0
        var string = ""
    }

    static let lengths = 16...64

    private var slot0 = Slot()
    private var slot1 = Slot()
    private var slot2 = Slot()
    private var slot3 = Slot()
    private var nextSlot = 0

    /// The string already built from bytes equal to `count` bytes at `offset`, if one is kept.
    @inline(__always)
    func lookup(_ start: UnsafeRawPointer, offset: Int, count: Int) -> String? {
        if Self.holds(slot0, start, offset, count) { return slot0.string }
        if Self.holds(slot1, start, offset, count) { return slot1.string }
        if Self.holds(slot2, start, offset, count) { return slot2.string }
        if Self.holds(slot3, start, offset, count) { return slot3.string }
        return nil
    }

    @inline(__always)
    private static func holds(_ slot: Slot, _ start: UnsafeRawPointer, _ offset: Int, _ count: Int) -> Bool {
        slot.count == count && ByteComparison.equal(start + slot.offset, start + offset, count: count)
    }

    /// Keeps `string`, built from `count` bytes at `offset`, in place of the oldest slot.
    @inline(__always)
    mutating func remember(_ string: String, offset: Int, count: Int) {
        let slot = Slot(offset: offset, count: count, string: string)
        switch nextSlot {
        case 0: slot0 = slot
        case 1: slot1 = slot
        case 2: slot2 = slot
        default: slot3 = slot
        }
        nextSlot = (nextSlot + 1) & 3
    }
}
