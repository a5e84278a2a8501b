extension PNGDecoder {
    /// Every chunk of a PNG except the image data (`IDAT`), in file order, read straight from the bytes.
    ///
    /// libpng drops chunks it does not know (a compiled NinePatch's `npTc`, `npLb`, `npOl`), so this walks the
    /// chunk list itself: each chunk's CRC is checked, the list must end with `IEND`, and no chunk but `IDAT` may
    /// exceed `limits.maxChunkBytes`. Bytes after `IEND` are ignored.
    public func chunks(of bytes: [UInt8]) throws(PNGError) -> [PNGChunk] {
        if bytes.isEmpty { throw .empty }
        if bytes.count > limits.maxFileBytes { throw .fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes) }
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(PNGChunk.signature) else { throw .notPNG }
        var chunks = [PNGChunk]()
        var position = 8
        while true {
            guard bytes.count - position >= 8 else {
                throw .corrupt("the file ends after \(bytes.count) bytes, before the IEND chunk")
            }
            let length = Int(PNGChunk.bigEndian32(bytes, at: position))
            let nameBytes = Array(bytes[(position + 4)..<(position + 8)])
            guard nameBytes.allSatisfy({ (0x41...0x5A).contains($0 & ~0x20) }) else {
                throw .corrupt("invalid chunk name \(nameBytes.map { String($0, radix: 16) }) at byte \(position + 4)")
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard length <= Int(Int32.max) else { throw .corrupt("chunk \(name) declares \(length) bytes") }
            guard bytes.count - position - 12 >= length else {
                throw .corrupt("chunk \(name) is truncated: \(length) bytes declared at byte \(position), "
                    + "the file has \(bytes.count)")
            }
            let data = (position + 8)..<(position + 8 + length)
            let stored = PNGChunk.bigEndian32(bytes, at: data.upperBound)
            guard CRC32.checksum(bytes[(position + 4)..<data.upperBound]) == stored else {
                throw .corrupt("chunk \(name) at byte \(position) has a bad CRC")
            }
            if name != "IDAT" {
                guard length <= limits.maxChunkBytes else {
                    throw .corrupt("chunk \(name) is \(length) bytes, over the limit of \(limits.maxChunkBytes)")
                }
                chunks.append(PNGChunk(name: name, data: Array(bytes[data])))
            }
            position = data.upperBound + 4
            if name == "IEND" { return chunks }
        }
    }
}

extension PNGChunk {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
