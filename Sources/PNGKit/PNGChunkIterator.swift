/// A chunk type: four bytes that should be ASCII letters, whose case bits carry PNG's chunk properties.
struct PNGChunkType: Hashable {
    /// The four bytes as a big-endian word ("IHDR" is 0x49484452).
    var rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    init(_ name: String) {
        rawValue = name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static let imageData = PNGChunkType("IDAT")
    static let end = PNGChunkType("IEND")

    var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) } }

    /// The bytes as text, as messages name the chunk (bytes that are not UTF-8 show as U+FFFD).
    var name: String { String(decoding: bytes, as: UTF8.self) }

    /// Four ASCII letters, as PNG requires.
    var isValid: Bool { bytes.allSatisfy { (0x41...0x5A).contains($0 & ~0x20) } }

    /// A lower-case first letter: a decoder may skip the chunk (text, colour profiles, a NinePatch's `npTc`).
    var isAncillary: Bool { rawValue & 0x2000_0000 != 0 }
}

/// One chunk as it lies in a PNG file's bytes, its declared length known to fit in the file.
struct PNGChunkSpan: Hashable {
    /// Where the chunk starts: the offset of its 4-byte length.
    var offset: Int
    var type: PNGChunkType
    /// Where the data lies in the file.
    var data: Range<Int>
    /// The CRC stored after the data, over the type and the data.
    var storedCRC: UInt32

    /// Where the next chunk starts, past the CRC.
    var end: Int { data.upperBound + 4 }

    /// Whether the stored CRC is that of the chunk's type and data in `bytes`.
    func hasValidCRC(in bytes: [UInt8]) -> Bool {
        CRC32.checksum(bytes[(offset + 4)..<data.upperBound]) == storedCRC
    }
}

/// A chunk whose declared length, with its CRC, runs past the end of the file.
struct PNGChunkOverrun: Error, Hashable {
    /// Where the chunk starts: the offset of its 4-byte length.
    var offset: Int
    var type: PNGChunkType
    /// The declared data length.
    var length: Int
}

/// Walks the chunk list of a PNG file in order, straight from its bytes: every reader of raw chunks (the chunk
/// list, aapt2's chunk filter, the length check before libpng) goes through it, so they agree on where a chunk
/// ends and when the list breaks off.
///
/// The walk stops after `IEND` (bytes after it are ignored) or where fewer than 8 bytes, a length and a type,
/// are left; a chunk whose data and CRC do not fit in what is left is thrown as ``PNGChunkOverrun``. CRCs are
/// not checked here, as aapt2's filter never reads them: see ``PNGChunkSpan/hasValidCRC(in:)``.
struct PNGChunkIterator {
    let bytes: [UInt8]
    /// Where the next chunk starts; after the walk, where it stopped (the first byte not part of a chunk read).
    private(set) var position = PNGChunk.signature.count
    /// Whether `IEND` has been read, which ends the walk.
    private(set) var hasReadEnd = false

    /// The chunks of `bytes`, or `nil` when they do not start with the PNG signature.
    init?(_ bytes: [UInt8]) {
        guard bytes.starts(with: PNGChunk.signature) else { return nil }
        self.bytes = bytes
    }

    /// The next chunk, or `nil` after `IEND` or where fewer than 8 bytes are left.
    mutating func next() throws(PNGChunkOverrun) -> PNGChunkSpan? {
        guard !hasReadEnd, bytes.count - position >= 8 else { return nil }
        let length = Int(PNGChunk.bigEndian32(bytes, at: position))
        let type = PNGChunkType(rawValue: PNGChunk.bigEndian32(bytes, at: position + 4))
        guard length <= bytes.count - position - 12 else {
            throw PNGChunkOverrun(offset: position, type: type, length: length)
        }
        let data = (position + 8)..<(position + 8 + length)
        let chunk = PNGChunkSpan(
            offset: position, type: type, data: data, storedCRC: PNGChunk.bigEndian32(bytes, at: data.upperBound))
        position = chunk.end
        hasReadEnd = type == .end
        return chunk
    }

    /// ``next()``, with a chunk past the end thrown as the caller's own error.
    mutating func next<Failure: Error>(
        orThrow failure: (PNGChunkOverrun) -> Failure
    ) throws(Failure) -> PNGChunkSpan? {
        do {
            return try next()
        } catch {
            throw failure(error)
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
