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
        while let chunk = try walk.next(orThrow: { overrun in
            Self.invalidHeader(overrun.type, at: overrun.offset, length: overrun.length)
                ?? .truncatedChunk(
                    chunk: overrun.type.name, offset: overrun.offset, length: overrun.length, fileBytes: bytes.count)
        }) {
            let name = chunk.type.name
            if let error = Self.invalidHeader(chunk.type, at: chunk.offset, length: chunk.data.count) { throw error }
            guard chunk.hasValidCRC(in: bytes) else { throw .badCRC(chunk: name, offset: chunk.offset) }
            if chunk.type != .imageData {
                guard chunk.data.count <= limits.maxChunkBytes else {
                    throw .chunkTooLarge(chunk: name, length: chunk.data.count, limit: limits.maxChunkBytes)
                }
                chunks.append(PNGChunk(name: name, data: Array(bytes[chunk.data])))
            }
        }
        guard walk.hasReadEnd else { throw .missingEnd(fileBytes: bytes.count) }
        return chunks
    }

    /// Why a chunk's type or declared length is not PNG's, checked before its bounds.
    private static func invalidHeader(_ type: PNGChunkType, at offset: Int, length: Int) -> PNGError? {
        guard type.isValid else { return .invalidChunkName(type.bytes, offset: offset + 4) }
        guard length <= Int(Int32.max) else { return .chunkLengthOverflow(chunk: type.name, length: length) }
        return nil
    }
}
