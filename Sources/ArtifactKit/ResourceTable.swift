/// Enough of `resources.arsc` to say whether a resource id exists and what a string resource says: the global
/// string pool, each package's type chunks (one per configuration) and their simple entries.
public struct ResourceTable: Sendable {
    /// One entry value in one configuration.
    struct EntryValue: Sendable {
        /// Whether the configuration is the default one (no qualifiers).
        var isDefaultConfiguration: Bool
        /// `nil` for a complex (bag) entry such as a style.
        var value: ResourceValue?
    }

    private static let noEntry = 0xFFFF_FFFF
    private static let flagSparse = 0x01
    private static let flagOffset16 = 0x02
    private static let entryFlagComplex = 0x0001
    private static let entryFlagCompact = 0x0008

    /// Values by resource id, one per configuration that defines it.
    var values: [UInt32: [EntryValue]]

    init(values: [UInt32: [EntryValue]]) {
        self.values = values
    }

    /// The table of an APK's `resources.arsc`.
    public init(_ bytes: [UInt8]) throws(ArtifactParseError) {
        values = [:]
        let reader = BinaryReader(bytes: bytes)
        let root = try ResourceChunk(reader, at: 0, limit: bytes.count)
        guard root.type == ResourceChunk.table else {
            throw ArtifactParseError("not a resource table (chunk type 0x\(String(root.type, radix: 16)))")
        }
        var pool: StringPool?
        for chunk in try ResourceChunk.children(reader, from: root.body, to: root.end) {
            switch chunk.type {
            case ResourceChunk.stringPool:
                pool = try StringPool(reader, chunk: chunk)
            case ResourceChunk.tablePackage:
                guard let pool else { throw ArtifactParseError("a package comes before the global string pool") }
                try readPackage(reader, chunk: chunk, pool: pool)
            default:
                continue
            }
        }
    }

    /// Whether `id` (`0xPPTTEEEE`) has a value in at least one configuration.
    public func contains(_ id: UInt32) -> Bool { values[id] != nil }

    /// The text of a string resource, following references, in the default configuration when it has one.
    public func string(_ id: UInt32) -> String? {
        var id = id
        for _ in 0..<8 {
            let candidates = values[id] ?? []
            switch (candidates.first(where: \.isDefaultConfiguration) ?? candidates.first)?.value {
            case .string(let text): return text
            case .reference(let next): id = next
            default: return nil
            }
        }
        return nil
    }

    private mutating func readPackage(_ reader: BinaryReader, chunk: ResourceChunk, pool: StringPool)
        throws(ArtifactParseError)
    {
        let packageID = try reader.parsing { () throws(BinaryReader.OutOfBounds) in try reader.u32(chunk.offset + 8) }
        for child in try ResourceChunk.children(reader, from: chunk.body, to: chunk.end)
        where child.type == ResourceChunk.tableType {
            try readType(reader, chunk: child, packageID: packageID, pool: pool)
        }
    }

    /// `ResTable_type`: entry offsets (dense, sparse or 16-bit), then the entries of one configuration.
    private mutating func readType(
        _ reader: BinaryReader, chunk: ResourceChunk, packageID: Int, pool: StringPool
    ) throws(ArtifactParseError) {
        let found = try reader.parsing { () throws(BinaryReader.OutOfBounds) -> [(UInt32, EntryValue)] in
            let typeID = try reader.u8(chunk.offset + 8)
            let flags = try reader.u8(chunk.offset + 9)
            let count = try reader.u32(chunk.offset + 12)
            let entriesStart = chunk.offset + (try reader.u32(chunk.offset + 16))
            let configSize = try reader.u32(chunk.offset + 20)
            let config = try reader.slice(chunk.offset + 24, max(0, min(configSize, chunk.headerSize - 24) - 4))
            let isDefault = config.allSatisfy { $0 == 0 }
            guard count <= chunk.size else {
                throw BinaryReader.OutOfBounds(offset: chunk.body, size: count, count: chunk.size)
            }
            var indexed = [(index: Int, offset: Int)]()
            for slot in 0..<count {
                if flags & Self.flagSparse != 0 {
                    let at = chunk.body + slot * 4
                    indexed.append((try reader.u16(at), try reader.u16(at + 2) * 4))
                } else if flags & Self.flagOffset16 != 0 {
                    let offset = try reader.u16(chunk.body + slot * 2)
                    if offset != 0xFFFF { indexed.append((slot, offset * 4)) }
                } else {
                    let offset = try reader.u32(chunk.body + slot * 4)
                    if offset != Self.noEntry { indexed.append((slot, offset)) }
                }
            }
            return try indexed.map { (index, offset) throws(BinaryReader.OutOfBounds) in
                let at = entriesStart + offset
                let entryFlags = try reader.u16(at + 2)
                let value: ResourceValue?
                if entryFlags & Self.entryFlagCompact != 0 {
                    value = ResourceValue(type: entryFlags >> 8, data: try reader.u32(at + 4), pool: pool)
                } else if entryFlags & Self.entryFlagComplex != 0 {
                    value = nil
                } else {
                    let valueAt = at + (try reader.u16(at))
                    value = ResourceValue(
                        type: try reader.u8(valueAt + 3), data: try reader.u32(valueAt + 4), pool: pool)
                }
                let id = UInt32(truncatingIfNeeded: packageID << 24 | typeID << 16 | index)
                return (id, EntryValue(isDefaultConfiguration: isDefault, value: value))
            }
        }
        for (id, value) in found { values[id, default: []].append(value) }
    }
}
