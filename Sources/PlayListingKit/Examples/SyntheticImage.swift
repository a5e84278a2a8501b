import PNGKit

/// Tiny image files for rule examples: real PNG and JPEG headers with no pixel data (enough for every header
/// rule, and cheap at any size), or a fully encoded PNG when pixels matter. Internal: tests reach it through
/// `@testable import`.
enum SyntheticImage {
    /// A PNG signature, IHDR, optional tRNS, an empty IDAT and IEND; `padding` zero bytes follow to reach a file size.
    static func pngHeader(
        width: Int, height: Int, colorType: PNGColorType = .rgb, bitDepth: Int = 8, transparency: Bool = false,
        padding: Int = 0
    ) -> [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), UInt8(colorType.rawValue), 0, 0, 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        if colorType == .palette { bytes += chunk("PLTE", [0, 0, 0]) }
        if transparency { bytes += chunk("tRNS", colorType == .palette ? [0] : [0, 0, 0, 0, 0, 0]) }
        return bytes + chunk("IDAT", []) + chunk("IEND", []) + [UInt8](repeating: 0, count: padding)
    }

    /// A baseline JPEG: SOI, an SOF0 segment with the size and `components` (1 grey, 3 YCbCr, 4 CMYK), EOI.
    static func jpegHeader(width: Int, height: Int, components: Int = 3) -> [UInt8] {
        var sof: [UInt8] = [0xFF, 0xC0] + bigEndian16(8 + 3 * components) + [8]
        sof += bigEndian16(height) + bigEndian16(width) + [UInt8(components)]
        for id in 1...components { sof += [UInt8(id), 0x11, 0] }
        return [0xFF, 0xD8] + sof + [0xFF, 0xD9]
    }

    /// A real RGBA PNG whose every pixel is white with `alpha` (255: an alpha channel that is not needed).
    static func whiteRGBA(width: Int, height: Int, alpha: UInt8) -> [UInt8] {
        let white = RGBA(red: 255, green: 255, blue: 255, alpha: alpha)
        // Encoding a non-empty RGBA image cannot fail.
        return (try? PNGEncoder(compressionLevel: 1).encode(RGBAImage(width: width, height: height, fill: white))) ?? []
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
