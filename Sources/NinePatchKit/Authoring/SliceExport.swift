import Diagnostics

/// A NinePatch's slicing as platforms with one stretchable centre take it (CSS `border-image`, iOS cap insets,
/// Flutter `centerSlice`, a Compose Multiplatform painter): the content image plus four insets, and exactly what
/// that cannot say.
///
/// The insets run from each side to the first and last stretch span (`inspect`'s spans); an axis without stretch
/// spans gets insets of 0, as Android then scales the whole axis. With several spans on an axis the platforms
/// stretch everything between the first and the last, fixed parts included: that is said in `losses`, as are
/// layout bounds (no equivalent anywhere) and the padding where the platform has no content box.
public struct SliceExport: Sendable, Hashable {
    /// Content size in pixels (the image without its frame).
    public var width: Int
    public var height: Int
    /// Distances from each side to the stretchable centre, in content pixels.
    public var insets: Insets
    /// The content padding, in content pixels.
    public var padding: Insets
    /// The file's density, when its folder says; pixels per dp is `dpi / 160`.
    public var density: DensityBucket?
    /// What the single-centre slicing loses, one sentence each; empty when nothing is.
    public var losses: [String]

    public init(_ ninePatch: NinePatch, density: DensityBucket?) {
        width = ninePatch.width
        height = ninePatch.height
        let (left, right) = Self.insets(ninePatch.stretchX, length: ninePatch.width)
        let (top, bottom) = Self.insets(ninePatch.stretchY, length: ninePatch.height)
        insets = Insets(left: left, top: top, right: right, bottom: bottom)
        padding = ninePatch.padding
        self.density = density
        var losses = [String]()
        for (axis, spans) in [("x", ninePatch.stretchX), ("y", ninePatch.stretchY)] where spans.count > 1 {
            let fixed = zip(spans, spans.dropFirst()).map { Span($0.end, $1.start).description }
            losses.append(
                "\(axis) has \(spans.count) stretch spans (\(spans.map(\.description).joined(separator: " "))): one centre "
                    + "[\(spans[0].start), \(spans[spans.count - 1].end)) is exported, so the fixed "
                    + "part\(fixed.count == 1 ? "" : "s") \(fixed.joined(separator: " ")) between them stretch\(fixed.count == 1 ? "es" : "") too"
            )
        }
        if let bounds = ninePatch.layoutBounds, !bounds.isZero {
            losses.append("layout bounds (\(bounds)) have no equivalent and are not exported")
        }
        self.losses = losses
    }

    private static func insets(_ spans: [Span], length: Int) -> (Int, Int) {
        guard let first = spans.first, let last = spans.last else { return (0, 0) }
        return (first.start, length - last.end)
    }

    /// Pixels per dp (CSS pixel, iOS point, Flutter logical pixel): `dpi / 160`, 1 when the density is unknown.
    public var pixelsPerDp: Double { Double(density?.dpi ?? 160) / 160 }

    /// A CSS rule drawing `image` as this NinePatch with `border-image`, sized in CSS pixels (1 per dp).
    public func css(className: String, image: String) -> String {
        let slice = "\(insets.top) \(insets.right) \(insets.bottom) \(insets.left)"
        let border = [insets.top, insets.right, insets.bottom, insets.left].map {
            "\(Self.number(Double($0) / pixelsPerDp))px"
        }
        .joined(separator: " ")
        let inner = [
            (padding.top, insets.top), (padding.right, insets.right), (padding.bottom, insets.bottom),
            (padding.left, insets.left),
        ].map { "\(Self.number(Double(max(0, $0 - $1)) / pixelsPerDp))px" }.joined(separator: " ")
        return """
            /* \(width)x\(height) px\(density.map { " (\($0.rawValue))" } ?? ""); slice = insets in image pixels */
            .\(className) {
              box-sizing: border-box;
              border-style: solid;
              border-width: \(border);
              border-image: url("\(image)") \(slice) fill / \(border) stretch;
              padding: \(inner); /* the NinePatch's content box minus the border */
            }

            """
    }

    /// A Flutter `Image.asset` with `centerSlice`, in the image's own pixels (the image drawn at scale 1.0).
    public func flutter(asset: String) -> String {
        """
        // \(asset) is \(width)x\(height) px. centerSlice is in the image's pixels when it is drawn at scale 1.0;
        // Flutter's paintImage subtracts centerSlice.size from the image size / scale, so keep this asset out of
        // 2.0x/3.0x variant folders (or divide every number by that scale).
        Image.asset(
          '\(asset)',
          scale: 1.0,
          centerSlice: Rect.fromLTRB(\(insets.left), \(insets.top), \(width - insets.right), \(height - insets.bottom)),
          fit: BoxFit.fill,
        )

        """
    }

    /// A Compose `Painter` that draws `image` (the content PNG) in nine parts with these insets: for Compose
    /// Multiplatform (desktop, iOS, web), which has no NinePatch. On Android, Compose draws the `.9.png` itself
    /// (`painterResource`), several stretch spans included, so the snippet says to use that there.
    public func compose(name: String) -> String {
        let type = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map {
            $0.prefix(1).uppercased() + $0.dropFirst()
        }
        .joined()
        return """
            // \(name).png is \(width)x\(height) px\(density.map { " (\($0.rawValue), \(Self.number(pixelsPerDp)) px per dp)" } ?? "").
            // On Android use painterResource(R.drawable.\(name)): Compose draws the .9.png itself. This painter is for
            // Compose Multiplatform, which has none: the corners keep their dp size, the edges and centre stretch.
            import androidx.compose.ui.geometry.Size
            import androidx.compose.ui.graphics.ImageBitmap
            import androidx.compose.ui.graphics.drawscope.DrawScope
            import androidx.compose.ui.graphics.painter.Painter
            import androidx.compose.ui.unit.IntOffset
            import androidx.compose.ui.unit.IntSize
            import kotlin.math.roundToInt

            class \(type.first?.isLetter == true ? type : "Slices" + type)NinePatchPainter(private val image: ImageBitmap) : Painter() {
                // Source columns and rows in image pixels: 0, left inset, width - right inset, width.
                private val xs = intArrayOf(0, \(insets.left), \(width - insets.right), \(width))
                private val ys = intArrayOf(0, \(insets.top), \(height - insets.bottom), \(height))
                override val intrinsicSize = Size(\(width)f, \(height)f)

                override fun DrawScope.onDraw() {
                    val scale = density / \(Self.number(pixelsPerDp))f // image pixels to screen pixels
                    // Fixed parts shrink together when the destination is smaller than they are, as Android does.
                    val fitX = minOf(1f, size.width / maxOf(1f, (xs[1] + xs[3] - xs[2]) * scale))
                    val fitY = minOf(1f, size.height / maxOf(1f, (ys[1] + ys[3] - ys[2]) * scale))
                    val dx = floatArrayOf(0f, xs[1] * scale * fitX, size.width - (xs[3] - xs[2]) * scale * fitX, size.width)
                    val dy = floatArrayOf(0f, ys[1] * scale * fitY, size.height - (ys[3] - ys[2]) * scale * fitY, size.height)
                    for (column in 0..2) for (row in 0..2) {
                        val source = IntSize(xs[column + 1] - xs[column], ys[row + 1] - ys[row])
                        val left = dx[column].roundToInt()
                        val top = dy[row].roundToInt()
                        val target = IntSize(dx[column + 1].roundToInt() - left, dy[row + 1].roundToInt() - top)
                        if (source.width > 0 && source.height > 0 && target.width > 0 && target.height > 0) {
                            drawImage(image, IntOffset(xs[column], ys[row]), source, IntOffset(left, top), target)
                        }
                    }
                }
            }

            """
    }

    /// An iOS asset catalogue `Contents.json` for `image` with `resizing` cap insets in the image's pixels.
    public func iosContents(image: String) -> String {
        struct Size: Encodable { var mode = "stretch", width: Int, height: Int }
        struct CapInsets: Encodable { var top, left, bottom, right: Int }
        struct Resizing: Encodable {
            var mode = "9-part"
            var center: Size
            var capInsets: CapInsets
            enum CodingKeys: String, CodingKey {
                case mode, center
                case capInsets = "cap-insets"
            }
        }
        struct Entry: Encodable { var filename: String, idiom = "universal", scale: String?, resizing: Resizing }
        struct Info: Encodable { var author = "playprep", version = 1 }
        struct Contents: Encodable { var images: [Entry], info = Info() }
        let scale: String? =
            switch density {
            case .mdpi: "1x"
            case .xhdpi: "2x"
            case .xxhdpi: "3x"
            default: nil
            }
        let resizing = Resizing(
            center: Size(width: width - insets.left - insets.right, height: height - insets.top - insets.bottom),
            capInsets: CapInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
        return JSONReporter.encode(Contents(images: [Entry(filename: image, scale: scale, resizing: resizing)]))
    }

    /// `{"file", "width", "height", "insets", "padding", "density", "dp", "losses"}`: pixels, and dp when the
    /// density is known.
    public func json(file: String) -> String {
        struct Sides: Encodable {
            var left, top, right, bottom: Double
            init(_ insets: Insets, _ scale: Double) {
                (left, top, right, bottom) = (
                    Double(insets.left) / scale, Double(insets.top) / scale, Double(insets.right) / scale,
                    Double(insets.bottom) / scale
                )
            }
        }
        struct InDp: Encodable { var width, height: Double, insets, padding: Sides }
        struct Document: Encodable {
            var file: String
            var width, height: Int
            var insets, padding: Sides
            var density: String?
            var dp: InDp?
            var losses: [String]
            func encode(to encoder: any Encoder) throws {
                enum Keys: String, CodingKey { case file, width, height, insets, padding, density, dp, losses }
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(file, forKey: .file)
                try container.encode(width, forKey: .width)
                try container.encode(height, forKey: .height)
                try container.encode(insets, forKey: .insets)
                try container.encode(padding, forKey: .padding)
                try container.encode(density, forKey: .density)
                try container.encode(dp, forKey: .dp)
                try container.encode(losses, forKey: .losses)
            }
        }
        let scale = pixelsPerDp
        let dp = density.map { _ in
            InDp(
                width: Double(width) / scale, height: Double(height) / scale, insets: Sides(insets, scale),
                padding: Sides(padding, scale))
        }
        return JSONReporter.encode(
            Document(
                file: file, width: width, height: height, insets: Sides(insets, 1), padding: Sides(padding, 1),
                density: density?.rawValue, dp: dp, losses: losses))
    }

    /// A CSS length: a whole number without decimals, else to 2 decimals.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
