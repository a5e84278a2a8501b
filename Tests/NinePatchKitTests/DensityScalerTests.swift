import Foundation
import NinePatchKit
import PNGKit
import TestSupport
import Testing

@Suite struct DensityScalerTests {
    @Test func readsAndReplacesTheDensityQualifier() {
        #expect(DensityBucket(folder: "drawable-night-xxhdpi") == .xxhdpi)
        #expect(DensityBucket(folder: "drawable") == nil)
        #expect(DensityBucket.mdpi.folder(replacingIn: "drawable-night-xxhdpi") == "drawable-night-mdpi")
        #expect(DensityBucket.hdpi.folder(replacingIn: "drawable") == "drawable-hdpi")
        #expect(DensityBucket.hdpi.folder(replacingIn: "drawable-v21") == "drawable-hdpi-v21")
    }

    @Test func keepsNeighbouringSpansApartAndAtLeastOnePixel() throws {
        // Content 12x8; stretch x [1,2) [3,4) [9,12): at half size, rounding each edge alone would merge them.
        var image = RGBAImage(width: 14, height: 10, fill: RGBA(red: 40, green: 90, blue: 200, alpha: 255))
        for x in 0..<14 { (image[x, 0], image[x, 9]) = (.transparent, .transparent) }
        for y in 0..<10 { (image[0, y], image[13, y]) = (.transparent, .transparent) }
        for x in [2, 4, 10, 11, 12] { image[x, 0] = RGBA(argb: 0xFF00_0000) }
        for y in 3...6 { image[0, y] = RGBA(argb: 0xFF00_0000) }
        let model = try #require(NinePatchParser().parse(image, file: "t").ninePatch)
        let scaled = try DensityScaler().scale(image, as: model, by: 0.5)
        #expect(scaled.ninePatch.width == 6 && scaled.ninePatch.height == 4)
        #expect(scaled.ninePatch.stretchX == [Span(1, 2), Span(3, 4), Span(5, 6)])
        #expect(scaled.ninePatch.stretchY == [Span(1, 3)])
        #expect(
            scaled.image.withoutFrame
                == RGBAImage(width: 6, height: 4, fill: RGBA(red: 40, green: 90, blue: 200, alpha: 255)))
        #expect(throws: ScaleError.tooSmall(axis: "x", pixels: 3, segments: 6)) {
            try DensityScaler().scale(image, as: model, by: 0.25)
        }
    }

    /// The scaled image, frame included, is held to the limits before anything is resampled.
    @Test func refusesAnOutputOverTheLimitsBeforeMakingIt() throws {
        var image = RGBAImage(width: 14, height: 10, fill: RGBA(red: 40, green: 90, blue: 200, alpha: 255))
        for x in 0..<14 { (image[x, 0], image[x, 9]) = (.transparent, .transparent) }
        for y in 0..<10 { (image[0, y], image[13, y]) = (.transparent, .transparent) }
        image[5, 0] = RGBA(argb: 0xFF00_0000)
        image[0, 4] = RGBA(argb: 0xFF00_0000)
        let model = try #require(NinePatchParser().parse(image, file: "t").ninePatch)
        // Content 12x8 at 4x: 48x32, 50x34 with its frame.
        let limits = PNGLimits(maxPixels: 50 * 34 - 1)
        #expect(throws: ScaleError.tooLarge(OversizedImage(width: 50, height: 34, limits: limits))) {
            try DensityScaler(limits: limits).scale(image, as: model, by: 4)
        }
        let narrow = PNGLimits(maxWidth: 49)
        #expect(throws: ScaleError.tooLarge(OversizedImage(width: 50, height: 34, limits: narrow))) {
            try DensityScaler(limits: narrow).scale(image, as: model, by: 4)
        }
        let scaled = try DensityScaler(limits: PNGLimits(maxPixels: 50 * 34)).scale(image, as: model, by: 4)
        #expect(scaled.image.width == 50 && scaled.image.height == 34)
    }
}

/// The real xxhdpi and xxxhdpi NinePatches of the shared corpus, scaled to every lower density.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, "shared/corpus not found beside the checkout (set PLAYPREP_CORPUS)"))
struct DensityScalerCorpusTests {
    struct Case: Sendable {
        var path: String
        var source: DensityBucket
        var target: DensityBucket
        var original: NinePatch
        var content: PremultipliedImage
        var scaled: ScaledNinePatch
    }

    /// The largest mean difference per premultiplied channel between a density and its source, both drawn at the
    /// same size in dp and averaged onto the density's pixels, that we accept: 8 of 255. The worst of the 148 is
    /// 6.9 (nophotos3 at hdpi, whose odd sides round up by half a pixel, as Android rounds them too).
    static let meanTolerance = 8.0

    /// Every case, made once for both tests.
    static let all: [Case] = (try? cases()) ?? []

    static func cases() throws -> [Case] {
        let corpus = try #require(Fixtures.sharedCorpus)
        var found = [Case]()
        for folder in ["ninepatch", "projects"] {
            let root = corpus.appendingPathComponent(folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter {
                $0.hasSuffix(".9.png") && ($0.contains("drawable-xxhdpi") || $0.contains("drawable-xxxhdpi"))
            }
            for file in files.sorted() {
                let source: DensityBucket = file.contains("xxxhdpi") ? .xxxhdpi : .xxhdpi
                let check = NinePatchChecker().check(fileAt: root.appendingPathComponent(file).path, keepImage: true)
                let image = try #require(check.image)
                let model = try #require(check.ninePatch, "\(file) is rejected")
                for target in DensityBucket.allCases where target < source && target >= .mdpi && target != .tvdpi {
                    let ratio = Double(target.dpi) / Double(source.dpi)
                    found.append(
                        Case(
                            path: file, source: source, target: target, original: model,
                            content: PremultipliedImage(image.withoutFrame),
                            scaled: try DensityScaler().scale(image, as: model, by: ratio)))
                }
            }
        }
        return found
    }

    /// Area average of `image` onto `width` x `height` pixels (test-side, independent of the scaler).
    static func average(_ image: PremultipliedImage, width: Int, height: Int) -> [Double] {
        let (stepX, stepY) = (Double(image.width) / Double(width), Double(image.height) / Double(height))
        var result = [Double](repeating: 0, count: width * height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Split each source pixel over the target pixels it overlaps.
                let targetXs = Int(Double(x) / stepX)...min(width - 1, Int((Double(x + 1) - 1e-9) / stepX))
                let targetYs = Int(Double(y) / stepY)...min(height - 1, Int((Double(y + 1) - 1e-9) / stepY))
                for ty in targetYs {
                    let coverY = min(Double(y + 1), Double(ty + 1) * stepY) - max(Double(y), Double(ty) * stepY)
                    for tx in targetXs {
                        let coverX = min(Double(x + 1), Double(tx + 1) * stepX) - max(Double(x), Double(tx) * stepX)
                        let weight = coverX * coverY / (stepX * stepY)
                        for channel in 0..<4 {
                            result[(ty * width + tx) * 4 + channel] +=
                                weight * Double(image.bytes[(y * image.width + x) * 4 + channel])
                        }
                    }
                }
            }
        }
        return result
    }

    @Test func everyDensityKeepsTicksInProportionAndDrawsLikeItsSource() throws {
        let cases = Self.all
        #expect(cases.count == 148)
        var worstMean = 0.0
        for item in cases {
            let ratio = Double(item.target.dpi) / Double(item.source.dpi)
            let model = item.scaled.ninePatch
            let within = { (value: Int, reference: Int) in abs(Double(value) - Double(reference) * ratio) <= 1 }
            #expect(model.stretchX.count == item.original.stretchX.count, "\(item.path) \(item.target)")
            #expect(model.stretchY.count == item.original.stretchY.count, "\(item.path) \(item.target)")
            for (span, reference) in zip(
                model.stretchX + model.stretchY, item.original.stretchX + item.original.stretchY)
            {
                #expect(
                    within(span.start, reference.start) && within(span.end, reference.end),
                    "\(item.path) at \(item.target): \(span) from \(reference) x \(ratio)")
            }
            // Drawn at the same size in dp: the content plus 6 to 7 dp, on a 2 dp grid so hdpi has whole pixels.
            let sourceScale = Double(item.source.dpi) / 160
            let targetScale = Double(item.target.dpi) / 160
            let dp = { (pixels: Int) in (Int((Double(pixels) / sourceScale).rounded(.up)) + 7) / 2 * 2 }
            let (widthDp, heightDp) = (dp(item.original.width), dp(item.original.height))
            let renderer = NinePatchRenderer(filter: .linear)
            let reference = try renderer.render(
                item.content, as: item.original, width: Int(Double(widthDp) * sourceScale),
                height: Int(Double(heightDp) * sourceScale))
            let (width, height) = (Int(Double(widthDp) * targetScale), Int(Double(heightDp) * targetScale))
            let drawn = try renderer.render(
                PremultipliedImage(item.scaled.image.withoutFrame), as: model, width: width, height: height)
            let expected = Self.average(reference, width: width, height: height)
            let mean = zip(drawn.bytes, expected).reduce(0.0) { $0 + abs(Double($1.0) - $1.1) } / Double(expected.count)
            worstMean = max(worstMean, mean)
            #expect(mean <= Self.meanTolerance, "\(item.path) at \(item.target): mean difference \(mean)")
        }
        print("DensityScalerCorpusTests: \(cases.count) scaled files, worst mean difference \(worstMean)")
    }

    @Test(
        .enabled(
            if: Fixtures.executable(named: "aapt2") != nil,
            "aapt2 is not installed (Debian: apt-get install -y aapt); skipping the live check of scaled files"))
    func aapt2AcceptsEveryScaledFile() throws {
        let (status, message) = try AAPT2Folder.compile(Self.all.map(\.scaled.image), prefix: "scaled")
        #expect(status == 0, "\(message)")
    }
}
