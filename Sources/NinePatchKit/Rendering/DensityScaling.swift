/// What Android does to a NinePatch loaded from another density bucket before drawing it (`BitmapFactory` with
/// `inDensity` ≠ `inTargetDensity`, e.g. a `drawable-mdpi` file on an xhdpi device: factor 2).
///
/// - The bitmap becomes `Int(width × factor + 0.5)` × `Int(height × factor + 0.5)` pixels, drawn bilinearly
///   (premultiplied, edges clamped) through a canvas scaled by `newWidth / width` and `newHeight / height`.
/// - Unless that ratio is within 1/4096 of 1, each stretch edge becomes `Int(edge × ratio + 0.5)`, nudged one
///   pixel on when it collides with the previous one and slid inward to stay below the last pixel
///   (`NinePatchPeeker::scale`); padding and layout bounds scale with the same rounding. Region colours are
///   kept as they were.
public struct DensityScaling: Sendable, Hashable {
    public var factor: Float

    public init(factor: Float) {
        self.factor = factor
    }

    /// Scales `content` and its NinePatch model; a scaled image above `maxPixels` pixels is refused.
    public func apply(
        to content: PremultipliedImage, ninePatch: NinePatch, maxPixels: Int = 1 << 26
    ) throws(RenderError) -> (content: PremultipliedImage, ninePatch: NinePatch) {
        guard factor.isFinite, factor > 0 else { throw .invalidScale(factor) }
        // A side past 2^31 pixels is over any limit, and converting a larger Float to Int would trap.
        let sides = [Float(content.width), Float(content.height)].map { min($0 * factor + 0.5, 0x1p31) }
        let (width, height) = (Int(sides[0]), Int(sides[1]))
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels else {
            throw .destinationTooLarge(width: width, height: height, maxPixels: maxPixels)
        }
        guard width > 0, height > 0 else { throw .invalidScale(factor) }
        let ratioX = Float(width) / Float(content.width)
        let ratioY = Float(height) / Float(content.height)
        var scaled = ninePatch
        scaled.width = width
        scaled.height = height
        let axes:
            [(
                ratio: Float, stretch: WritableKeyPath<NinePatch, [Span]>, length: Int,
                sides: [WritableKeyPath<Insets, Int>]
            )] = [
                (ratioX, \.stretchX, width, [\.left, \.right]), (ratioY, \.stretchY, height, [\.top, \.bottom]),
            ]
        for axis in axes where !Self.isNearlyOne(axis.ratio) {
            scaled[keyPath: axis.stretch] = Self.scaled(
                ninePatch[keyPath: axis.stretch], by: axis.ratio, length: axis.length)
            for side in axis.sides {
                scaled.padding[keyPath: side] = Self.scaled(ninePatch.padding[keyPath: side], by: axis.ratio)
                scaled.layoutBounds?[keyPath: side] = Self.scaled(
                    ninePatch.layoutBounds?[keyPath: side] ?? 0, by: axis.ratio)
            }
        }
        return (try Self.resample(content, width: width, height: height, maxPixels: maxPixels), scaled)
    }

    private static func isNearlyOne(_ ratio: Float) -> Bool { abs(ratio - 1) <= 1 / 4096 }

    private static func scaled(_ value: Int, by ratio: Float) -> Int { Int(Float(value) * ratio + 0.5) }

    /// `scaleDivRange` over the span edges, then back to spans.
    private static func scaled(_ spans: [Span], by ratio: Float, length: Int) -> [Span] {
        var divs = spans.flatMap { [$0.start, $0.end] }
        guard !divs.isEmpty else { return [] }
        for index in divs.indices {
            divs[index] = scaled(divs[index], by: ratio)
            if index > 0 && divs[index] == divs[index - 1] { divs[index] += 1 }
        }
        if divs[divs.count - 1] > length - 1 {
            var highest = length - 1
            for index in divs.indices.reversed() {
                divs[index] = highest
                guard index > 0, divs[index] <= divs[index - 1] else { break }
                highest = divs[index] - 1
            }
        }
        return stride(from: 0, to: divs.count - 1, by: 2).map { Span(divs[$0], max(divs[$0], divs[$0 + 1])) }
    }

    /// Bilinear resampling of the whole image with clamped edges, as `canvas.scale(); drawImage(kLinear)`: a
    /// NinePatch stretchable everywhere is a single lattice cell, drawn exactly that way.
    private static func resample(
        _ image: PremultipliedImage, width: Int, height: Int, maxPixels: Int
    ) throws(RenderError) -> PremultipliedImage {
        let everywhere = NinePatch(
            width: image.width, height: image.height, stretchX: [Span(0, image.width)],
            stretchY: [Span(0, image.height)], padding: .zero, layoutBounds: nil, regionColors: nil,
            outline: nil)
        return try NinePatchRenderer(filter: .linear, maxPixels: maxPixels)
            .render(image, as: everywhere, width: width, height: height)
    }
}
