extension PNGDecoder {
    /// Every chunk of a PNG except the image data (`IDAT`), in file order, read straight from the bytes.
    ///
    /// libpng drops chunks it does not know (a compiled NinePatch's `npTc`, `npLb`, `npOl`), so this walks the
    /// chunk list itself: each chunk's CRC is checked, the list must end with `IEND`, and no chunk but `IDAT` may
    /// exceed `limits.maxChunkBytes`. Bytes after `IEND` are ignored.
    public func chunks(of bytes: [UInt8]) throws(PNGError) -> [PNGChunk] {
        if bytes.isEmpty { throw .empty }
        if bytes.count > limits.maxFileBytes { throw .fileTooLarge(bytes: bytes.count, limit: limits.maxFileBytes) }
        guard var walk = PNGChunkIterator(bytes) else { throw .notPNG }
        var chunks = [PNGChunk]()
        while let chunk = try walk.next(orThrow: { (overrun) -> PNGError in
            if let error = Self.invalidHeader(type: overrun.type, offset: overrun.offset, length: overrun.length) {
                return error
            }
            return .corrupt("chunk \(overrun.type.name) is truncated: \(overrun.length) bytes declared at byte "
                + "\(overrun.offset), the file has \(bytes.count)")
        }) {
            let name = chunk.type.name
            if let error = Self.invalidHeader(type: chunk.type, offset: chunk.offset, length: chunk.data.count) {
                throw error
            }
            guard chunk.hasValidCRC(in: bytes) else { throw .corrupt("chunk \(name) at byte \(chunk.offset) has a bad CRC") }
            if chunk.type != .imageData {
                guard chunk.data.count <= limits.maxChunkBytes else {
                    throw .corrupt("chunk \(name) is \(chunk.data.count) bytes, over the limit of \(limits.maxChunkBytes)")
                }
                chunks.append(PNGChunk(name: name, data: Array(bytes[chunk.data])))
            }
        }
        guard walk.hasReadEnd else { throw .corrupt("the file ends after \(bytes.count) bytes, before the IEND chunk") }
        return chunks
    }

    /// Why a chunk's type or declared length is not PNG's, checked before its bounds.
    private static func invalidHeader(type: PNGChunkType, offset: Int, length: Int) -> PNGError? {
        guard type.isValid else {
            return .corrupt("invalid chunk name \(type.bytes.map { String($0, radix: 16) }) at byte \(offset + 4)")
        }
        guard length <= Int(Int32.max) else { return .corrupt("chunk \(type.name) declares \(length) bytes") }
        return nil
    }
}
