import PlayListingKit
import Testing

@Suite("Image headers")
struct ImageProbeTests {
    let probe = ImageProbe()

    @Test func pngHeaderFacts() throws {
        let info = try probe.info(of: SyntheticImage.pngHeader(width: 1024, height: 500, colorType: .palette, transparency: true))
        #expect(info.format == .png && info.size == PixelSize(1024, 500) && info.hasAlpha)
    }

    @Test func jpegFrameHeader() throws {
        let info = try probe.info(of: SyntheticImage.jpegHeader(width: 1080, height: 1920, components: 4))
        #expect(info.format == .jpeg && info.width == 1080 && info.height == 1920 && info.jpegComponents == 4 && !info.hasAlpha)
    }

    @Test func formatsAreSniffedNotGuessed() {
        #expect(throws: ImageProbeError.notPNGOrJPEG(detected: "WebP")) { try probe.info(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) }
        #expect(throws: ImageProbeError.notPNGOrJPEG(detected: "GIF")) { try probe.info(of: Array("GIF89a".utf8)) }
        #expect(throws: ImageProbeError.corrupt(format: .jpeg, reason: "truncated header")) { try probe.info(of: [0xFF, 0xD8, 0xFF]) }
    }

    @Test func translucentPixelsAreCounted() {
        #expect(probe.translucentShare(of: SyntheticImage.whiteRGBA(width: 4, height: 3, alpha: 255)) == 0)
        #expect(probe.translucentShare(of: SyntheticImage.whiteRGBA(width: 4, height: 3, alpha: 254)) == 1)
        #expect(probe.translucentShare(of: SyntheticImage.pngHeader(width: 4, height: 3, colorType: .rgba)) == nil)
    }
}
