import PNGKit

/// What the image rules need to know about one file, read from its header.
struct ImageInfo: Sendable, Hashable {
    enum Format: String, Sendable, Hashable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    var format: Format
    var width: Int
    var height: Int
    var byteCount: Int
    /// PNG only; `nil` for JPEG.
    var png: PNGHeader?
    /// JPEG only: 1 grey, 3 YCbCr, 4 CMYK.
    var jpegComponents: Int?

    /// An alpha channel or tRNS chunk (JPEG never has one).
    var hasAlpha: Bool { png?.hasAlpha ?? false }
    /// 8-bit RGBA PNG, what the icon spec asks for.
    var isThirtyTwoBitPNG: Bool { png?.colorType == .rgba && png?.bitDepth == 8 }
    /// Indexed colour with a tRNS chunk: the icon form Play refused (IMG023).
    var isPaletteWithTransparency: Bool { png?.colorType == .palette && png?.hasTransparencyChunk == true }
    var size: PixelSize { PixelSize(width, height) }
}

/// Why a file in an image slot is not a usable image.
enum ImageProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are another format (named when recognised: WebP, GIF, …) or none at all.
    case notPNGOrJPEG(detected: String?)
    case corrupt(format: ImageInfo.Format, reason: String)

    var description: String {
        switch self {
        case .notPNGOrJPEG(let detected):
            detected.map { "the file is \($0), not PNG or JPEG" } ?? "the file is neither PNG nor JPEG"
        case .corrupt(let format, let reason): "corrupt \(format.rawValue): \(reason)"
        }
    }
}

/// Reads image headers by content, whatever the extension: PNG through PNGKit, JPEG through an SOF reader.
struct ImageProbe: Sendable {
    var decoder: PNGDecoder

    init(decoder: PNGDecoder = PNGDecoder()) {
        self.decoder = decoder
    }

    func info(of bytes: [UInt8]) throws(ImageProbeError) -> ImageInfo {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do {
                let header = try decoder.header(of: bytes)
                return ImageInfo(
                    format: .png, width: header.width, height: header.height, byteCount: bytes.count, png: header)
            } catch {
                throw .corrupt(format: .png, reason: error.description)
            }
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            do {
                let header = try JPEGHeaderReader().header(of: bytes)
                return ImageInfo(
                    format: .jpeg, width: header.width, height: header.height, byteCount: bytes.count,
                    jpegComponents: header.components)
            } catch {
                throw .corrupt(
                    format: .jpeg,
                    reason: error == .noFrame ? "no frame header before the image data" : "truncated header")
            }
        }
        throw .notPNGOrJPEG(detected: Self.sniff(bytes))
    }

    /// The share of a PNG's pixels that are not fully opaque, from 0 to 1 (decodes it row by row); `nil` when it
    /// cannot be decoded.
    func translucentShare(of bytes: [UInt8]) -> Double? {
        var translucent = 0
        var total = 0
        do {
            try decoder.decodeRows(bytes) { _, _, row in
                var index = 3
                while index < row.count {
                    if row[index] != 255 { translucent += 1 }
                    index += 4
                }
                total += row.count / 4
            }
        } catch {
            return nil
        }
        return total == 0 ? 0 : Double(translucent) / Double(total)
    }

    private static func sniff(_ bytes: [UInt8]) -> String? {
        let ascii = { (range: Range<Int>) in
            bytes.count >= range.upperBound ? String(decoding: bytes[range], as: UTF8.self) : ""
        }
        if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" { return "WebP" }
        if ascii(0..<4) == "GIF8" { return "GIF" }
        if ascii(0..<2) == "BM" { return "BMP" }
        if ascii(4..<8) == "ftyp" { return "HEIF/AVIF" }
        if bytes.isEmpty { return "empty" }
        if ascii(0..<5) == "<?xml" || ascii(0..<4) == "<svg" { return "SVG/XML" }
        return nil
    }
}
