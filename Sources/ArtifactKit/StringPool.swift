/// `ResStringPool`: the strings of a binary XML file or resource table, UTF-8 or UTF-16.
struct StringPool {
    private static let utf8Flag = 1 << 8

    let strings: [String]

    /// Decodes the pool chunk `chunk` of `reader`.
    init(_ reader: BinaryReader, chunk: ResourceChunk) throws(ArtifactParseError) {
        guard chunk.type == ResourceChunk.stringPool, chunk.headerSize >= 28 else {
            throw ArtifactParseError("expected a string pool at offset \(chunk.offset)")
        }
        strings = try reader.parsing { () throws(BinaryReader.OutOfBounds) -> [String] in
            let count = try reader.u32(chunk.offset + 8)
            let isUTF8 = try reader.u32(chunk.offset + 16) & Self.utf8Flag != 0
            let stringsStart = chunk.offset + (try reader.u32(chunk.offset + 20))
            guard count <= chunk.size / 4 else {
                throw BinaryReader.OutOfBounds(offset: chunk.body, size: count * 4, count: chunk.size)
            }
            var strings = [String]()
            strings.reserveCapacity(count)
            // Offsets may repeat or overlap: each place is decoded once, and all decoding together may read no more
            // than twice the chunk (a real pool reads it once), so a small pool cannot expand to gigabytes.
            var decoded = [Int: String]()
            var budget = 2 * chunk.size
            for index in 0..<count {
                let start = stringsStart + (try reader.u32(chunk.body + index * 4))
                if let known = decoded[start] {
                    strings.append(known)
                    continue
                }
                let string = isUTF8 ? try Self.utf8(reader, at: start) : try Self.utf16(reader, at: start)
                budget -= string.utf8.count
                guard budget >= 0 else {
                    throw BinaryReader.OutOfBounds(offset: start, size: string.utf8.count, count: chunk.size)
                }
                decoded[start] = string
                strings.append(string)
            }
            return strings
        }
    }

    /// The string at `index`, or `nil` for `0xFFFFFFFF` (no string) or an index outside the pool.
    subscript(index: Int) -> String? {
        strings.indices.contains(index) ? strings[index] : nil
    }

    /// UTF-8 entries: the length in UTF-16 units, then in bytes (each one or two bytes), the bytes, a NUL.
    private static func utf8(_ reader: BinaryReader, at offset: Int) throws(BinaryReader.OutOfBounds) -> String {
        var position = offset
        func length() throws(BinaryReader.OutOfBounds) -> Int {
            let first = try reader.u8(position)
            position += 1
            guard first & 0x80 != 0 else { return first }
            let second = try reader.u8(position)
            position += 1
            return (first & 0x7F) << 8 | second
        }
        _ = try length()
        let byteCount = try length()
        return String(decoding: try reader.slice(position, byteCount), as: UTF8.self)
    }

    /// UTF-16 entries: the length in units (one or two units), the units, a NUL unit.
    private static func utf16(_ reader: BinaryReader, at offset: Int) throws(BinaryReader.OutOfBounds) -> String {
        var position = offset
        var count = try reader.u16(position)
        position += 2
        if count & 0x8000 != 0 {
            count = (count & 0x7FFF) << 16 | (try reader.u16(position))
            position += 2
        }
        let raw = try reader.slice(position, count * 2)
        let units = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map {
            UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8
        }
        return String(decoding: units, as: UTF16.self)
    }
}
