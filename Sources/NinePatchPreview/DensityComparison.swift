public import NinePatchKit
public import PNGKit

/// Densities of one drawable drawn at the same size in dp, side by side, each labelled: the HTML report's picture
/// of an NP106 or NP109 finding (the outlier beside the reference), as a person compares them on two phones.
public struct DensityComparison: Sendable {
    /// One density's file.
    public struct Density: Sendable {
        /// The decoded source, frame included.
        public var source: RGBAImage
        public var ninePatch: NinePatch
        public var dpi: Int
        /// Drawn above it in the pixel font (`hdpi: the outlier`).
        public var label: String

        public init(source: RGBAImage, ninePatch: NinePatch, dpi: Int, label: String) {
            self.source = source
            self.ninePatch = ninePatch
            self.dpi = dpi
            self.label = label
        }
    }

    /// The longest side of one drawing, in pixels of the picture.
    public var maximumSide = 360
    static let gap = 12

    public init() {}

    /// Each density rendered at its own pixels for `widthDP` x `heightDP` dp (as its devices draw it), then shown
    /// at one common scale (the highest density's, or less to keep within ``maximumSide``), nearest-neighbour, on a
    /// checkerboard.
    public func draw(_ densities: [Density], widthDP: Double, heightDP: Double) throws(RenderError) -> RGBAImage {
        let highest = Double(densities.map(\.dpi).max() ?? 160) / 160
        let scale = min(highest, Double(maximumSide) / max(widthDP, heightDP, 1))
        let (width, height) = (max(1, Int((widthDP * scale).rounded())), max(1, Int((heightDP * scale).rounded())))
        let labelWidth = densities.map { Canvas.textSize($0.label).width }.max() ?? 0
        let column = max(width, labelWidth)
        let labelHeight = Canvas.textSize("x").height + Self.gap / 2
        var canvas = Canvas(
            width: Self.gap + densities.count * (column + Self.gap), height: 2 * Self.gap + labelHeight + height,
            background: RGBA(red: 255, green: 255, blue: 255, alpha: 255))
        let renderer = NinePatchRenderer(filter: .linear)
        for (index, density) in densities.enumerated() {
            let factor = Double(density.dpi) / 160
            let drawn = try renderer.render(
                PremultipliedImage(density.source.withoutFrame), as: density.ninePatch,
                width: max(1, Int((widthDP * factor).rounded())), height: max(1, Int((heightDP * factor).rounded()))
            ).unpremultiplied
            let x = Self.gap + index * (column + Self.gap)
            canvas.text(density.label, x: x, y: Self.gap, color: RGBA(red: 0, green: 0, blue: 0, alpha: 255))
            let area = PixelRect(x: x, y: Self.gap + labelHeight, width: width, height: height)
            canvas.checkerboard(area)
            canvas.draw(Self.resized(drawn, width: width, height: height), x: area.x, y: area.y)
        }
        return canvas.image
    }

    /// `image` resampled to `width` x `height`, nearest-neighbour: the pixels a device draws, only enlarged.
    static func resized(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let sourceY = min(image.height - 1, y * image.height / height)
            for x in 0..<width {
                let sourceX = min(image.width - 1, x * image.width / width)
                let (from, to) = ((sourceY * image.width + sourceX) * 4, (y * width + x) * 4)
                bytes[to..<to + 4] = image.bytes[from..<from + 4]
            }
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }
}
