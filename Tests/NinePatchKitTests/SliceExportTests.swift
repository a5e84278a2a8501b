import Foundation
import NinePatchKit
import PNGKit
import TestSupport
import Testing

@Suite struct SliceExportTests {
    static func model(_ name: String) throws -> NinePatch {
        try #require(NinePatchChecker().check(fileAt: Fixtures.testImage(name).path).ninePatch)
    }

    @Test func saysWhatOneCentreLosesAndGivesFlutterItsRect() throws {
        let export = SliceExport(try Self.model("crafted/multi_stretch.9.png"), density: nil)
        #expect(export.insets == Insets(left: 1, top: 1, right: 2, bottom: 1))
        #expect(
            export.losses == [
                "x has 2 stretch spans ([1, 3) [5, 8)): one centre [1, 8) is exported, so the fixed part [3, 5) between them stretches too",
                "y has 2 stretch spans ([1, 2) [4, 6)): one centre [1, 6) is exported, so the fixed part [2, 4) between them stretches too",
            ])
        #expect(export.flutter(asset: "a.png").contains("centerSlice: Rect.fromLTRB(1, 1, 8, 6),"))
        let compose = export.compose(name: "button_bg")
        #expect(compose.contains("class ButtonBgNinePatchPainter(private val image: ImageBitmap) : Painter()"))
        #expect(compose.contains("private val xs = intArrayOf(0, 1, 8, \(export.width))"))
        #expect(compose.contains("private val ys = intArrayOf(0, 1, 6, \(export.height))"))
        let bounds = SliceExport(try Self.model("crafted/lb_all.9.png"), density: .xhdpi)
        #expect(bounds.losses.contains { $0.hasPrefix("layout bounds (") })
        #expect(bounds.json(file: "f").contains("\"density\" : \"xhdpi\""))
    }
}

/// The CSS export drawn by headless Chromium against playprep's own rendering of the NinePatch.
@Suite(.enabled(if: Chromium.executable != nil, "Chromium is not installed; skipping the CSS rendering comparison"))
struct SliceExportChromiumTests {
    /// The largest mean difference per RGB channel (of 255, over white) between Chromium's `border-image` and
    /// `NinePatchRenderer` that we accept. Measured: see docs/authoring.md.
    static let meanTolerance = 1.0

    /// Real single-span NinePatches (spinner, toast frame, action-bar spinner, opaque background) from
    /// TestImages' corpus subset.
    static let files = [
        "corpus/actionbarsherlock-samples__styled__res__drawable-mdpi__ad_spinner_pressed_holo_light.9.png",
        "corpus/actionbarsherlock__res__drawable-hdpi__abs__toast_frame.9.png",
        "corpus/actionbarsherlock__res__drawable-hdpi__abs__spinner_ab_focused_holo_dark.9.png",
        "corpus/res__drawable-mdpi__directory_bg.9.png",
    ]

    @Test(arguments: files)
    func chromiumDrawsTheCSSLikeAndroid(name: String) throws {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage(name).path, keepImage: true)
        let image = try #require(check.image)
        let model = try #require(check.ninePatch)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-css-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try PNGEncoder().encode(image.withoutFrame)).write(to: folder.appendingPathComponent("np.png"))
        let (width, height) = (model.width * 3 + 17, model.height * 2 + 9)
        let css = SliceExport(model, density: nil).css(className: "np", image: "np.png")
        let html = """
            <!doctype html><html><head><style>html, body { margin: 0; background: #fff; }
            .np { width: \(width)px; height: \(height)px; }
            \(css)</style></head><body><div class="np"></div></body></html>
            """
        try html.write(to: folder.appendingPathComponent("np.html"), atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("shot.png")
        let run = try Chromium.run([
            "--screenshot=\(shot.path)", "--window-size=\(width),\(height)", "--force-device-scale-factor=1",
            folder.appendingPathComponent("np.html").absoluteString,
        ])
        #expect(run.status == 0)
        let browser = try PNGDecoder().decode(try Fixtures.bytes(shot))
        let android = try NinePatchRenderer(filter: .linear).render(
            PremultipliedImage(image.withoutFrame), as: model, width: width, height: height)
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let alpha = Double(android.bytes[index + 3])
                for channel in 0..<3 {
                    // Premultiplied over white: colour + (255 - alpha).
                    let expected = Double(android.bytes[index + channel]) + 255 - alpha
                    total += abs(expected - Double(browser[x, y].channel(channel)))
                }
            }
        }
        let mean = total / Double(width * height * 3)
        let inked = (0..<height).reduce(0) { sum, y in
            sum + (0..<width).count { browser[$0, y] != RGBA(argb: 0xFFFF_FFFF) }
        }
        #expect(browser.width == width && browser.height == height && inked > width * height / 4)
        print("SliceExportChromiumTests: \(name) mean difference \(mean)")
        #expect(mean <= Self.meanTolerance, "\(name): mean difference \(mean)")
    }
}

extension RGBA {
    fileprivate func channel(_ index: Int) -> UInt8 { [red, green, blue][index] }
}

@Suite struct FrameDrawingTests {
    /// Every file of TestImages' corpus subset: its content re-framed from its own model parses to that model.
    @Test func reframingRealFilesGivesTheirModelBack() throws {
        let folder = Fixtures.testImage("corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".9.png") }
        #expect(files.count >= 9)
        for file in files {
            let check = NinePatchChecker().check(fileAt: folder.appendingPathComponent(file).path, keepImage: true)
            let model = try #require(check.ninePatch)
            let image = try FrameDrawing().framed(
                try #require(check.image).withoutFrame, stretchX: model.stretchX, stretchY: model.stretchY,
                padding: model.padding, layoutBounds: model.layoutBounds)
            let parsed = try #require(NinePatchParser().parse(image, file: file).ninePatch)
            #expect(parsed.stretchX == model.stretchX && parsed.stretchY == model.stretchY, "\(file)")
            #expect(parsed.padding == model.padding && parsed.layoutBounds == model.layoutBounds, "\(file)")
        }
    }
}
