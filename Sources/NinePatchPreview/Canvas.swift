public import PNGKit

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rectangle inside `other`.
    func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return PixelRect(
            x: left, y: top, width: max(0, min(maxX, other.maxX) - left),
            height: max(0, min(maxY, other.maxY) - top))
    }
}

/// An unpremultiplied RGBA8 picture that preview sheets and overlays are drawn on; every drawing operation
/// composites source-over and clips to the picture.
public struct Canvas: Sendable {
    public private(set) var image: RGBAImage

    public init(width: Int, height: Int, background: RGBA) {
        image = RGBAImage(width: width, height: height, fill: background)
    }

    public init(_ image: RGBAImage) {
        self.image = image
    }

    private var bounds: PixelRect { PixelRect(x: 0, y: 0, width: image.width, height: image.height) }

    /// Composites `color` over the pixel at (`x`, `y`), when it is inside the picture.
    public mutating func blend(_ color: RGBA, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < image.width, y < image.height, color.alpha > 0 else { return }
        guard color.alpha < 255 else {
            image[x, y] = color
            return
        }
        let below = image[x, y]
        let sourceAlpha = Float(color.alpha) / 255
        let belowAlpha = Float(below.alpha) / 255 * (1 - sourceAlpha)
        let alpha = sourceAlpha + belowAlpha
        let mix = { (source: UInt8, destination: UInt8) in
            UInt8(((Float(source) * sourceAlpha + Float(destination) * belowAlpha) / alpha).rounded())
        }
        image[x, y] = RGBA(
            red: mix(color.red, below.red), green: mix(color.green, below.green), blue: mix(color.blue, below.blue),
            alpha: UInt8((alpha * 255).rounded()))
    }

    public mutating func fill(_ rect: PixelRect, with color: RGBA) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { blend(color, x: x, y: y) }
        }
    }

    /// Draws the outline of `rect`, `thickness` pixels wide, inside the rectangle; `dash` > 0 leaves gaps.
    public mutating func stroke(_ rect: PixelRect, with color: RGBA, thickness: Int = 1, dash: Int = 0) {
        guard !rect.isEmpty else { return }
        let visible = { (position: Int) in dash == 0 || (position / dash) % 2 == 0 }
        for x in rect.x..<rect.maxX where visible(x - rect.x) {
            for offset in 0..<min(thickness, rect.height) {
                blend(color, x: x, y: rect.y + offset)
                if rect.height > thickness { blend(color, x: x, y: rect.maxY - 1 - offset) }
            }
        }
        for y in (rect.y + thickness)..<max(rect.y + thickness, rect.maxY - thickness) where visible(y - rect.y) {
            for offset in 0..<min(thickness, rect.width) {
                blend(color, x: rect.x + offset, y: y)
                if rect.width > thickness { blend(color, x: rect.maxX - 1 - offset, y: y) }
            }
        }
    }

    /// A grey checkerboard, the usual backdrop that makes transparent pixels visible.
    public mutating func checkerboard(_ rect: PixelRect, cell: Int = 8) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        let light = RGBA(red: 255, green: 255, blue: 255, alpha: 255)
        let dark = RGBA(red: 214, green: 214, blue: 214, alpha: 255)
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                image[x, y] = ((x - rect.x) / cell + (y - rect.y) / cell) % 2 == 0 ? light : dark
            }
        }
    }

    /// Composites `picture` with its top-left corner at (`x`, `y`), each pixel enlarged to `zoom` × `zoom`.
    public mutating func draw(_ picture: RGBAImage, x: Int, y: Int, zoom: Int = 1) {
        for sourceY in 0..<picture.height {
            for sourceX in 0..<picture.width {
                let color = picture[sourceX, sourceY]
                guard color.alpha > 0 else { continue }
                fill(PixelRect(x: x + sourceX * zoom, y: y + sourceY * zoom, width: zoom, height: zoom), with: color)
            }
        }
    }

    /// Writes `text` in the 5×7 pixel font with its top-left corner at (`x`, `y`), each font pixel
    /// `scale` × `scale`.
    public mutating func text(_ text: String, x: Int, y: Int, color: RGBA, scale: Int = 2) {
        for (index, character) in text.enumerated() {
            let left = x + index * PixelFont.advance * scale
            for row in 0..<PixelFont.glyphHeight {
                for column in 0..<PixelFont.glyphWidth where PixelFont.isSet(character, x: column, y: row) {
                    fill(
                        PixelRect(x: left + column * scale, y: y + row * scale, width: scale, height: scale),
                        with: color)
                }
            }
        }
    }

    /// Size in pixels of `text` drawn at `scale`.
    public static func textSize(_ text: String, scale: Int = 2) -> (width: Int, height: Int) {
        (PixelFont.width(of: text) * scale, PixelFont.glyphHeight * scale)
    }
}

/// A pixel position in an image.
public struct PixelPoint: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
