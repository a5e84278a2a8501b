/// Bounds-checked little-endian reads from an untrusted binary file (AXML, resources.arsc, ELF).
struct BinaryReader {
    /// Why a read failed: a field reaches past the data.
    struct OutOfBounds: Error {
        var offset: Int
        var size: Int
        var count: Int
    }

    let bytes: [UInt8]

    func u8(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 1)
        return Int(bytes[offset])
    }

    func u16(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 2)
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    func u32(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 4)
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
            | Int(bytes[offset + 3]) << 24
    }

    func u64(_ offset: Int) throws(OutOfBounds) -> UInt64 {
        UInt64(try u32(offset)) | UInt64(try u32(offset + 4)) << 32
    }

    func slice(_ offset: Int, _ count: Int) throws(OutOfBounds) -> ArraySlice<UInt8> {
        try check(offset, count)
        return bytes[offset..<(offset + count)]
    }

    private func check(_ offset: Int, _ size: Int) throws(OutOfBounds) {
        guard offset >= 0, size >= 0, offset <= bytes.count - size else {
            throw OutOfBounds(offset: offset, size: size, count: bytes.count)
        }
    }
}

/// `ResChunk_header`, the frame of every chunk in Android's binary XML and resource table: type, header size and
/// total size, checked to fit inside its parent.
struct ResourceChunk {
    static let stringPool = 0x0001
    static let table = 0x0002
    static let xml = 0x0003
    static let xmlStartElement = 0x0102
    static let xmlEndElement = 0x0103
    static let xmlResourceMap = 0x0180
    static let tablePackage = 0x0200
    static let tableType = 0x0201

    var offset: Int
    var type: Int
    var headerSize: Int
    var size: Int

    var end: Int { offset + size }
    var body: Int { offset + headerSize }

    /// The chunk at `offset`, which must end by `limit`.
    init(_ reader: BinaryReader, at offset: Int, limit: Int) throws(ArtifactParseError) {
        do {
            type = try reader.u16(offset)
            headerSize = try reader.u16(offset + 2)
            size = try reader.u32(offset + 4)
        } catch {
            throw .truncated(offset: error.offset, size: error.size, available: error.count)
        }
        self.offset = offset
        guard headerSize >= 8, size >= headerSize, offset + size <= limit else {
            throw ArtifactParseError(
                "chunk 0x\(String(type, radix: 16)) at offset \(offset) has header \(headerSize) and size \(size), "
                    + "which do not fit in \(limit - offset) bytes")
        }
    }

    /// The chunks one after another from `start` to `end`.
    static func children(_ reader: BinaryReader, from start: Int, to end: Int) throws(ArtifactParseError)
        -> [ResourceChunk]
    {
        var chunks = [ResourceChunk]()
        var offset = start
        while offset + 8 <= end {
            let chunk = try ResourceChunk(reader, at: offset, limit: end)
            chunks.append(chunk)
            offset = chunk.end
        }
        return chunks
    }
}

/// Why a binary file inside the artifact could not be parsed, in one line.
public enum ArtifactParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A field reaches past the end of the data (or of its chunk).
    case truncated(offset: Int, size: Int, available: Int)
    /// The data is not what the format requires: a wrong chunk type, an unbalanced tree, a protobuf that does not
    /// decode.
    case invalid(String)

    init(_ description: String) {
        self = .invalid(description)
    }

    public var description: String {
        switch self {
        case .truncated(let offset, let size, let available):
            "a \(size)-byte field at offset \(offset) reaches past the end (\(available) bytes)"
        case .invalid(let reason): reason
        }
    }
}

extension BinaryReader {
    /// Runs `body`, turning an out-of-bounds read into ``ArtifactParseError/truncated(offset:size:available:)``.
    func parsing<T>(_ body: () throws(OutOfBounds) -> T) throws(ArtifactParseError) -> T {
        do {
            return try body()
        } catch {
            throw .truncated(offset: error.offset, size: error.size, available: error.count)
        }
    }
}
