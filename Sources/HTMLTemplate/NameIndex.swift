/// Where each of a model type's member names is, found by a small open-addressed table under
/// FNV-1a of the name's bytes. The names are the type's own, declared in code, so no one can
/// choose names that collide; Swift's seeded hash (SipHash, with a dictionary's bookkeeping)
/// cost a rendered page 2 % of its time for a page's dozens of lookups.
@usableFromInline
struct NameIndex: Sendable {
    /// A name's position in the type's names, or -1 for an empty slot; twice the names or more,
    /// a power of two.
    @usableFromInline let slots: [Int32]

    init(_ names: [String]) {
        var capacity = 4
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for (position, name) in names.enumerated() {
            var slot = Self.hash(name) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(position)
        }
        self.slots = slots
    }

    /// The position of `name` in `names` (the names the index was built from), nil when absent.
    @inlinable
    func position(of name: TemplateName, in names: [String]) -> Int? {
        let mask = slots.count - 1
        var slot = name.hash & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if names[position] == name.text { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Over the name's bytes in place: iterating its `utf8` view cost as much as the scan it saves.
    @usableFromInline
    static func hash(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}
