/// Why a PNG could not be read or written. Every case renders as one line fit to follow a file name.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no bytes at all.
    case empty
    /// The file does not start with the 8-byte PNG signature (a text file, a JPEG, …).
    case notPNG
    /// libpng stopped: truncated data, a CRC mismatch, a bad chunk, … (libpng's own words).
    case corrupt(String)
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
        case .corrupt(let message):
            "corrupt PNG: \(message)"
        case let .tooLarge(width, height, limits):
            "PNG is \(width)x\(height), over the limit of \(limits.maxWidth)x\(limits.maxHeight) "
                + "and \(limits.maxPixels) pixels (raise it with --max-width/--max-height/--max-pixels)"
        case let .fileTooLarge(bytes, limit):
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
        width <= maxWidth && height <= maxHeight && width.multipliedReportingOverflow(by: height).partialValue
            <= maxPixels
    }
}
