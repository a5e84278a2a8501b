extension PNGChunk {
    /// The chunk types aapt2 lets libpng see (`PngChunkFilter`'s whitelist), as big-endian words.
    private static let keptByAAPT2: [UInt32] = ["IHDR", "PLTE", "tRNS", "sRGB", "IDAT", "IEND"].map(typeWord)
    private static let endType = typeWord("IEND")

    private static func typeWord(_ name: String) -> UInt32 { name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

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
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { return bytes }
        var kept: [UInt8]?
        var position = 8
        while bytes.count - position >= 12 {
            let length = Int(bigEndian32(bytes, at: position))
            guard length <= bytes.count - position - 12 else { break }
            let end = position + 12 + length
            let type = bigEndian32(bytes, at: position + 4)
            if keptByAAPT2.contains(type) {
                kept?.append(contentsOf: bytes[position..<end])
            } else if kept == nil {
                kept = Array(bytes[0..<position])
            }
            position = end
            if type == endType { return kept ?? bytes }
        }
        guard var kept else { return bytes }
        kept.append(contentsOf: bytes[position...])
        return kept
    }
}
