extension PNGChunk {
    /// The chunk types aapt2 lets libpng see (`PngChunkFilter`'s whitelist).
    private static let keptByAAPT2: Set<PNGChunkType> = Set(
        ["IHDR", "PLTE", "tRNS", "sRGB", "IDAT", "IEND"].map { PNGChunkType($0) })

    /// The bytes libpng reads when `aapt2 compile` processes a PNG: aapt2 streams the file through its
    /// `PngChunkFilter` (tools/aapt2/compile/PngChunkFilter.cpp), which passes the signature and, in order, only
    /// the IHDR, PLTE, tRNS, sRGB, IDAT and IEND chunks, drops every other chunk unread (not even its CRC is
    /// checked) and stops after IEND. So aapt2 accepts a file whose colour profile, text or unknown critical
    /// chunk libpng itself would refuse, or which has such a chunk before IHDR.
    ///
    /// Returns `bytes` itself when nothing would be dropped. Where the chunk list breaks off (a length past the
    /// end, fewer than 12 bytes left), the rest is passed on unchanged, so libpng reports it; aapt2 refuses such
    /// files too.
    public static func aapt2View(of bytes: [UInt8]) -> [UInt8] {
        guard var walk = PNGChunkIterator(bytes) else { return bytes }
        var kept: [UInt8]?
        do {
            while let chunk = try walk.next() {
                if keptByAAPT2.contains(chunk.type) {
                    kept?.append(contentsOf: bytes[chunk.offset..<chunk.end])
                } else if kept == nil {
                    kept = Array(bytes[0..<chunk.offset])
                }
            }
        } catch {
            // The chunk list breaks off here: the rest is passed on below.
        }
        guard var kept else { return bytes }
        if !walk.hasReadEnd { kept.append(contentsOf: bytes[walk.position...]) }
        return kept
    }
}
