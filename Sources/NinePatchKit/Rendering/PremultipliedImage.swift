public import PNGKit

/// An 8-bit RGBA image with premultiplied colour, the form Android keeps a decoded bitmap in and Skia samples.
public struct PremultipliedImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R·A, G·A, B·A (each divided by 255, rounded) and A.
    public var bytes: [UInt8]

    /// A fully transparent image.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Premultiplies `image`, rounding each channel to the nearest value like Skia's conversion.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        bytes = image.bytes
        bytes.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = UInt32(pixels[index + 3])
                guard alpha != 255 else { continue }
                for channel in index..<(index + 3) {
                    pixels[channel] = UInt8((UInt32(pixels[channel]) * alpha + 127) / 255)
                }
            }
        }
    }

    /// Back to unpremultiplied RGBA8 as Skia's `readPixels` does (each channel × 255 / alpha, rounded).
    public var unpremultiplied: RGBAImage {
        var result = bytes
        result.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = pixels[index + 3]
                guard alpha != 255 else { continue }
                guard alpha != 0 else {
                    pixels[index] = 0
                    pixels[index + 1] = 0
                    pixels[index + 2] = 0
                    continue
                }
                let factor = 255 / Float(alpha)
                for channel in index..<(index + 3) {
                    pixels[channel] = UInt8(min(255, (Float(pixels[channel]) * factor).rounded()))
                }
            }
        }
        return RGBAImage(width: width, height: height, bytes: result)
    }
}
