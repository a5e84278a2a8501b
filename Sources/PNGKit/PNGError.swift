/// Why a PNG could not be read or written. Every case renders as one line fit to follow a file name.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no bytes at all.
    case empty
    /// The file does not start with the 8-byte PNG signature (a text file, a JPEG, …).
    case notPNG
    /// libpng stopped on the file: a CRC mismatch, a bad chunk, bad image data, … (libpng's own words).
    case libpng(String)
    /// libpng asked for `needed` bytes at `offset`, past the end of a file of `fileBytes`.
    case truncated(needed: Int, offset: Int, fileBytes: Int)
    /// Found before libpng sees the file: the chunk at `offset` declares more bytes than the file has left.
    case chunkPastEnd(chunk: String, offset: Int, length: Int, fileBytes: Int)
    /// An ancillary chunk (or, in the chunk list, any chunk but `IDAT`) over `PNGLimits.maxChunkBytes`.
    case chunkTooLarge(chunk: String, length: Int, limit: Int)
    /// The chunk list (`PNGDecoder.chunks(of:)`) ends before `IEND`, in a file of `fileBytes`.
    case missingEnd(fileBytes: Int)
    /// The chunk list has a chunk type that is not four ASCII letters; `offset` is that of the type.
    case invalidChunkName([UInt8], offset: Int)
    /// The chunk list has a chunk declaring more than PNG's 2^31 - 1 bytes.
    case chunkLengthOverflow(chunk: String, length: Int)
    /// The chunk list has a chunk at `offset` declaring more bytes than the file's `fileBytes` hold.
    case truncatedChunk(chunk: String, offset: Int, length: Int, fileBytes: Int)
    /// The chunk list has a chunk at `offset` whose stored CRC does not match its type and data.
    case badCRC(chunk: String, offset: Int)
    /// IHDR declares a width or height of zero.
    case zeroSize(width: Int, height: Int)
    /// IHDR declares a colour type PNG does not define.
    case unknownColorType(Int)
    /// libpng's output after the RGBA transforms is not 4 bytes a pixel (a bug, not the file's fault).
    case unexpectedRowLayout
    /// The decoder was driven in the wrong order (a bug, not the file's fault); the shim's words.
    case misuse(String)
    /// Decoding delivered no rows at all.
    case noRows
    /// The header claims a size beyond the configured limits; refused before any pixel memory is allocated.
    case tooLarge(width: Int, height: Int, limits: PNGLimits)
    /// The file itself is larger than `PNGLimits.maxFileBytes`.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The image cannot be encoded as asked (e.g. zero width).
    case unencodable(String)
    /// libpng could not allocate its structures.
    case outOfMemory

    public var description: String {
        switch self {
        case .empty:
            "file is empty, not a PNG"
        case .notPNG:
            "not a PNG file (it does not start with the PNG signature)"
        case .libpng(let message), .misuse(let message):
            "corrupt PNG: \(message)"
        case .truncated(let needed, let offset, let fileBytes):
            "corrupt PNG: file is truncated: needed \(needed) bytes at offset \(offset) but it has \(fileBytes)"
        case .chunkPastEnd(let chunk, let offset, let length, let fileBytes):
            "corrupt PNG: file is truncated: chunk \(chunk) at byte \(offset) declares \(length) bytes, "
                + "but the file has \(fileBytes)"
        case .chunkTooLarge(let chunk, let length, let limit):
            "corrupt PNG: chunk \(chunk) is \(length) bytes, over the limit of \(limit)"
        case .missingEnd(let fileBytes):
            "corrupt PNG: the file ends after \(fileBytes) bytes, before the IEND chunk"
        case .invalidChunkName(let bytes, let offset):
            "corrupt PNG: invalid chunk name \(bytes.map { String($0, radix: 16) }) at byte \(offset)"
        case .chunkLengthOverflow(let chunk, let length):
            "corrupt PNG: chunk \(chunk) declares \(length) bytes"
        case .truncatedChunk(let chunk, let offset, let length, let fileBytes):
            "corrupt PNG: chunk \(chunk) is truncated: \(length) bytes declared at byte \(offset), "
                + "the file has \(fileBytes)"
        case .badCRC(let chunk, let offset):
            "corrupt PNG: chunk \(chunk) at byte \(offset) has a bad CRC"
        case .zeroSize(let width, let height):
            "corrupt PNG: IHDR declares a \(width)x\(height) image; both sides must be at least 1"
        case .unknownColorType(let type):
            "corrupt PNG: unknown colour type \(type)"
        case .unexpectedRowLayout:
            "corrupt PNG: unexpected row layout after conversion to RGBA"
        case .noRows:
            "corrupt PNG: the image has no rows"
        case .tooLarge(let width, let height, let limits):
            "PNG is \(width)x\(height), over the limit of \(limits.maxWidth)x\(limits.maxHeight) "
                + "and \(limits.maxPixels) pixels (raise it with --max-width/--max-height/--max-pixels)"
        case .fileTooLarge(let bytes, let limit):
            "file is \(bytes) bytes, over the limit of \(limit) bytes"
        case .unencodable(let message):
            "cannot encode PNG: \(message)"
        case .outOfMemory:
            "out of memory while decoding"
        }
    }
}

/// Upper bounds that protect against decompression bombs: a header is checked against them before any
/// pixel buffer is allocated.
public struct PNGLimits: Sendable, Hashable {
    public var maxWidth: Int
    public var maxHeight: Int
    /// Bounds width × height, so a long thin image cannot escape the limits.
    public var maxPixels: Int
    public var maxFileBytes: Int
    /// Largest ancillary chunk libpng will allocate (`png_set_chunk_malloc_max`).
    public var maxChunkBytes: Int

    public init(
        maxWidth: Int = 32_768,
        maxHeight: Int = 32_768,
        maxPixels: Int = 100_000_000,
        maxFileBytes: Int = 256 << 20,
        maxChunkBytes: Int = 16 << 20
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxChunkBytes = maxChunkBytes
    }

    /// Safe defaults: 32768 px a side, 100 million pixels, 256 MiB files, 16 MiB chunks.
    public static let standard = PNGLimits()

    func admits(width: Int, height: Int) -> Bool {
        width <= maxWidth && height <= maxHeight
            && width.multipliedReportingOverflow(by: height).partialValue
                <= maxPixels
    }

    /// Throws unless an image of `width`×`height` that a command would make is within these limits, the ones
    /// the decoder holds its input to: checked before the image's pixels are allocated.
    public func admitOutput(width: Int, height: Int) throws(OversizedImage) {
        guard admits(width: width, height: height) else {
            throw OversizedImage(width: width, height: height, limits: self)
        }
    }
}

/// An image a command would write that is larger than its ``PNGLimits``, refused before it is allocated.
public struct OversizedImage: Error, Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var limits: PNGLimits

    public init(width: Int, height: Int, limits: PNGLimits) {
        self.width = width
        self.height = height
        self.limits = limits
    }

    public var description: String {
        "it would be \(width)x\(height) pixels, over the limit of \(limits.maxWidth)x\(limits.maxHeight) and "
            + "\(limits.maxPixels) pixels (raise it with --max-width/--max-height/--max-pixels)"
    }
}
