/// An 8-bit RGBA pixel, unpremultiplied.
public struct RGBA: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From `0xAARRGGBB`, the form Android and aapt2 print colours in.
    public init(argb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: argb >> 16), green: UInt8(truncatingIfNeeded: argb >> 8),
            blue: UInt8(truncatingIfNeeded: argb), alpha: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// `0xAARRGGBB`.
    public var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    public static let transparent = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A decoded image: `height` rows of `width` RGBA8 pixels, row-major, unpremultiplied.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var bytes: [UInt8]

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: RGBA = .transparent) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .transparent {
            for index in stride(from: 0, to: bytes.count, by: 4) {
                bytes[index] = fill.red
                bytes[index + 1] = fill.green
                bytes[index + 2] = fill.blue
                bytes[index + 3] = fill.alpha
            }
        }
        self.bytes = bytes
    }

    /// Wraps existing RGBA8 bytes; `bytes.count` must be `width * height * 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let index = (y * width + x) * 4
            return RGBA(red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2], alpha: bytes[index + 3])
        }
        set {
            let index = (y * width + x) * 4
            bytes[index] = newValue.red
            bytes[index + 1] = newValue.green
            bytes[index + 2] = newValue.blue
            bytes[index + 3] = newValue.alpha
        }
    }

    /// The pixel as `0xAARRGGBB`.
    public func argb(x: Int, y: Int) -> UInt32 {
        let index = (y * width + x) * 4
        return UInt32(bytes[index + 3]) << 24 | UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2])
    }

    /// The rectangle `[x, x + width) × [y, y + height)` as a new image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "crop outside image")
        var result = [UInt8]()
        result.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            result.append(contentsOf: bytes[start..<(start + width * 4)])
        }
        return RGBAImage(width: width, height: height, bytes: result)
    }
}
