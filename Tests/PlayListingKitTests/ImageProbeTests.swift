import PNGKit
import Testing

@testable import PlayListingKit

@Suite("Image headers")
struct ImageProbeTests {
    let probe = ImageProbe()

    @Test func pngHeaderFacts() throws {
        let info = try probe.info(
            of: SyntheticImage.pngHeader(width: 1024, height: 500, colorType: .palette, transparency: true))
        #expect(info.format == .png && info.size == PixelSize(1024, 500) && info.hasAlpha)
    }

    @Test func jpegFrameHeader() throws {
        let info = try probe.info(of: SyntheticImage.jpegHeader(width: 1080, height: 1920, components: 4))
        #expect(
            info.format == .jpeg && info.width == 1080 && info.height == 1920 && info.jpegComponents == 4
                && !info.hasAlpha)
    }

    @Test func formatsAreSniffedNotGuessed() {
        #expect(throws: ImageProbeError.notPNGOrJPEG(detected: "WebP")) {
            try probe.info(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8))
        }
        #expect(throws: ImageProbeError.notPNGOrJPEG(detected: "GIF")) { try probe.info(of: Array("GIF89a".utf8)) }
        #expect(throws: ImageProbeError.corrupt(format: .jpeg, reason: "truncated header")) {
            try probe.info(of: [0xFF, 0xD8, 0xFF])
        }
    }

    /// A real 4x3 RGBA PNG of white pixels, opaque but for `translucent` (pixel positions, alpha).
    func whitePNG(translucent: [(x: Int, y: Int, alpha: UInt8)] = []) throws -> [UInt8] {
        var image = RGBAImage(width: 4, height: 3, fill: RGBA(red: 255, green: 255, blue: 255, alpha: 255))
        for pixel in translucent { image[pixel.x, pixel.y] = RGBA(red: 255, green: 255, blue: 255, alpha: pixel.alpha) }
        return try PNGEncoder().encode(image, as: .rgba)
    }

    /// Every pixel is read, on every row: a probe that saw no rows (a share of 0 over 0 pixels) or only some of
    /// them would miss the exact shares.
    @Test func translucentPixelsAreCounted() throws {
        let opaque = try whitePNG()
        #expect(try probe.info(of: opaque).hasAlpha, "an alpha channel whose every value is 255")
        #expect(probe.translucentShare(of: opaque) == 0)
        let threeOfTwelve = try whitePNG(translucent: [(3, 0, 0), (0, 2, 128), (3, 2, 254)])
        #expect(probe.translucentShare(of: threeOfTwelve) == 0.25)
        #expect(probe.translucentShare(of: try whitePNG(translucent: (0..<4).map { ($0, 1, 254) })) == 1.0 / 3)
        #expect(probe.translucentShare(of: SyntheticImage.whiteRGBA(width: 4, height: 3, alpha: 254)) == 1)
        #expect(probe.translucentShare(of: SyntheticImage.pngHeader(width: 4, height: 3, colorType: .rgba)) == nil)
    }
}
