import Foundation
public import NinePatchKit
public import PNGKit

/// Why the gallery page could not be written: a file whose drawing would be over the output limits, or that
/// the renderer refuses.
public enum GalleryError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(file: String, OversizedImage)
    case cannotDraw(file: String, reason: RenderError)

    public var description: String {
        switch self {
        case .tooLarge(let file, let oversized): "\(file) cannot be drawn: \(oversized)"
        case .cannotDraw(let file, let reason): "\(file) cannot be drawn: \(reason)"
        }
    }
}

/// One self-contained HTML page showing every NinePatch of a project, each drawn as Android draws it at several
/// sizes with its content box (the padding) outlined, so a team sees them all at once. Files aapt2 rejects are
/// listed with their first error instead of a drawing.
public struct GalleryPage: Sendable {
    /// One file of the page.
    public enum Entry: Sendable {
        /// An accepted NinePatch: its source image (frame included) and what aapt2 reads from it.
        case accepted(file: String, image: RGBAImage, ninePatch: NinePatch)
        /// A file that cannot be drawn, and why (one line).
        case rejected(file: String, reason: String)
        /// A file past ``GalleryPage/maximumDrawnFiles``: listed by name, neither checked nor drawn.
        case notDrawn(file: String)

        /// The entry for a check made with its image kept: accepted when it has both, else rejected with its
        /// first error (or first finding).
        public init(_ check: NinePatchCheck) {
            guard let image = check.image, let ninePatch = check.ninePatch else {
                let reason = (check.diagnostics.first { $0.severity == .error } ?? check.diagnostics.first)
                    .map { "\($0.ruleID): \($0.message)" }
                self = .rejected(file: check.file, reason: reason ?? "not drawn")
                return
            }
            self = .accepted(file: check.file, image: image, ninePatch: ninePatch)
        }
    }

    /// The most files a page draws (or lists with their error): the first ones, in the order given; the rest are
    /// ``Entry/notDrawn(file:)``, listed by name. Drawing costs a few hundred microseconds a file, so 100,000 files
    /// of a repository would take most of a minute and a page no browser opens; real projects hold hundreds.
    public static let maximumDrawnFiles = 2_000

    /// On-screen pixels per image pixel, so small NinePatches stay visible (drawn without smoothing).
    public var zoom: Int
    /// The largest drawing made (the decoder's input limits, by default).
    public var limits: PNGLimits

    public init(zoom: Int = 2, limits: PNGLimits = .standard) {
        self.zoom = zoom
        self.limits = limits
    }

    /// The sizes each NinePatch is drawn at: its own, wider, taller, and both.
    public static func sizes(for ninePatch: NinePatch) -> [(width: Int, height: Int)] {
        let (width, height) = (ninePatch.width, ninePatch.height)
        return [(width, height), (width * 3, height), (width, height * 2), (width * 3, height * 2)]
    }

    /// Writes the page of `count` files to `page`, with every picture inline as a PNG `data:` URI: the head,
    /// then each of `entries` as it is drawn (none is held once its section is written), then the end; the files
    /// not drawn (past ``maximumDrawnFiles``) are one list at the end, said in the head. A drawing over
    /// ``limits`` (checked before it is made) or that the renderer refuses stops the page, naming the file.
    public func write(
        _ entries: some Sequence<Entry>, count: Int, to page: inout some TextOutputStream
    ) throws(GalleryError) {
        page.write(
            """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>NinePatch gallery</title><style>
            body { font: 14px system-ui, sans-serif; margin: 16px; background: #fff; color: #222; }
            section { border-top: 1px solid #ddd; padding: 8px 0; }
            h2 { font-size: 14px; font-weight: 600; margin: 4px 0; }
            figure { display: inline-block; vertical-align: top; margin: 4px 12px 4px 0; }
            .np { position: relative; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .np img { display: block; image-rendering: pixelated; }
            .box { position: absolute; box-sizing: border-box; outline: 1px dashed #e0218a; }
            .rejected p { color: #b00020; }
            figcaption { font-size: 12px; color: #666; }
            </style></head>
            <body>
            <h1>NinePatch gallery: \(count) file\(count == 1 ? "" : "s")</h1>
            <p>Each NinePatch drawn as Android draws it at its own size, wider, taller and both, \(zoom)x; the dashed \
            box is its content area (padding).</p>

            """)
        if count > Self.maximumDrawnFiles {
            page.write(
                "<p>The first \(Self.maximumDrawnFiles) are drawn; the other \(count - Self.maximumDrawnFiles) are "
                    + "listed by name at the end (a page draws at most \(Self.maximumDrawnFiles) files).</p>\n")
        }
        var listing = false
        for entry in entries {
            switch entry {
            case .notDrawn(let file):
                if !listing {
                    page.write("<section class=\"not-drawn\"><h2>Not drawn</h2><ul>\n")
                    listing = true
                }
                page.write("<li>\(Self.escape(file))</li>\n")
            case .rejected(let file, let reason):
                page.write(
                    "<section class=\"rejected\"><h2>\(Self.escape(file))</h2><p>\(Self.escape(reason))</p></section>\n"
                )
            case .accepted(let file, let image, let ninePatch):
                page.write("<section><h2>\(Self.escape(file))</h2>\n")
                let content = PremultipliedImage(image.withoutFrame)
                for (width, height) in Self.sizes(for: ninePatch) {
                    do {
                        try limits.admitOutput(width: width, height: height)
                    } catch {
                        throw .tooLarge(file: file, error)
                    }
                    let drawn: PremultipliedImage
                    do {
                        drawn = try NinePatchRenderer().render(content, as: ninePatch, width: width, height: height)
                    } catch {
                        throw .cannotDraw(file: file, reason: error)
                    }
                    let png = (try? PNGEncoder.fast.encode(drawn.unpremultiplied)) ?? []
                    let padding = ninePatch.padding
                    let box = (
                        left: padding.left * zoom, top: padding.top * zoom,
                        width: max(0, width - padding.left - padding.right) * zoom,
                        height: max(0, height - padding.top - padding.bottom) * zoom
                    )
                    page.write(
                        """
                        <figure><div class="np" style="width:\(width * zoom)px;height:\(height * zoom)px">\
                        <img alt="" width="\(width * zoom)" height="\(height * zoom)" \
                        src="data:image/png;base64,\(Data(png).base64EncodedString())">\
                        <div class="box" style="left:\(box.left)px;top:\(box.top)px;width:\(box.width)px;height:\(box.height)px"></div>\
                        </div><figcaption>\(width)x\(height)</figcaption></figure>

                        """)
                }
                page.write("</section>\n")
            }
        }
        if listing { page.write("</ul></section>\n") }
        page.write(
            """
            <script>
            addEventListener('load', () => {
              const images = [...document.images];
              document.body.dataset.imagesLoaded = images.filter(i => i.complete && i.naturalWidth > 0).length;
              document.body.dataset.imagesBroken = images.filter(i => !(i.complete && i.naturalWidth > 0)).length;
            });
            </script></body></html>

            """)
    }

    /// `text` with `&`, `<`, `>` and `"` as entities, in one pass over its scalars (Foundation's
    /// `replacingOccurrences`, four times over, took most of a page of 100,000 names).
    private static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
