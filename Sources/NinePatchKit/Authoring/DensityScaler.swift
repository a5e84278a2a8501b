public import PNGKit

/// Android's density buckets, as resource folder qualifiers (`drawable-xxhdpi`).
public enum DensityBucket: String, Sendable, Hashable, CaseIterable, Comparable {
    case ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi

    /// Dots per inch; mdpi (160) is 1 pixel per dp.
    public var dpi: Int {
        switch self {
        case .ldpi: 120
        case .mdpi: 160
        case .tvdpi: 213
        case .hdpi: 240
        case .xhdpi: 320
        case .xxhdpi: 480
        case .xxxhdpi: 640
        }
    }

    public static func < (lhs: DensityBucket, rhs: DensityBucket) -> Bool { lhs.dpi < rhs.dpi }

    /// The bucket's name for `dpi` (`xhdpi` for 320), or `320 dpi` style for a density between buckets.
    public static func name(dpi: Int) -> String {
        allCases.first { $0.dpi == dpi }?.rawValue ?? "\(dpi) dpi"
    }

    /// The density qualifier of a resource folder name (`drawable-night-xxhdpi` → xxhdpi), or `nil`.
    public init?(folder: String) {
        guard
            let bucket = folder.split(separator: "-").dropFirst().lazy.compactMap({ Self(rawValue: String($0)) })
                .first
        else { return nil }
        self = bucket
    }

    /// `folder` with its density qualifier replaced by this one, or added (before a `vNN` API-level qualifier,
    /// which comes last in Android's qualifier order): `drawable-night-xxhdpi` → `drawable-night-mdpi`.
    public func folder(replacingIn folder: String) -> String {
        var parts = folder.split(separator: "-").map(String.init)
        if let index = parts.indices.dropFirst().first(where: { Self(rawValue: parts[$0]) != nil }) {
            parts[index] = rawValue
        } else if parts.count > 1, let last = parts.last, last.hasPrefix("v"), Int(last.dropFirst()) != nil {
            parts.insert(rawValue, at: parts.count - 1)
        } else {
            parts.append(rawValue)
        }
        return parts.joined(separator: "-")
    }
}

/// Why a NinePatch could not be scaled.
public enum ScaleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scaled axis has fewer pixels than the stretch spans and the fixed gaps between them need.
    case tooSmall(axis: String, pixels: Int, segments: Int)
    /// The redrawn frame does not parse as planned (a bug: reported rather than written).
    case unexpectedFrame(String)
    /// The scaled image (frame included) would be over the output limits.
    case tooLarge(OversizedImage)

    public var description: String {
        switch self {
        case .tooSmall(let axis, let pixels, let segments):
            "scaled to \(pixels) px on \(axis), too small to keep its \(segments) stretch and fixed segments at least 1 px each"
        case .unexpectedFrame(let reason): "the redrawn frame does not parse as planned: \(reason)"
        case .tooLarge(let oversized): oversized.description
        }
    }
}

/// One density of a NinePatch made by `DensityScaler`.
public struct ScaledNinePatch: Sendable {
    /// The `.9.png` source, frame included.
    public var image: RGBAImage
    /// What aapt2 reads from it.
    public var ninePatch: NinePatch
}

/// Makes a NinePatch for another density from one source: the content resampled, the frame redrawn crisp.
///
/// - Size: each side becomes `Int(side × ratio + 0.5)`, as Android rounds a bitmap it scales between densities.
/// - Frame: every edge between fixed and stretchable segments is rounded once to the nearest pixel of its
///   proportional position, then nudged just enough that every stretch span and every fixed gap between two spans
///   keeps at least 1 px, so neighbouring spans neither overlap, touch (which would join them) nor drift apart; a
///   fixed part at either end may round to nothing. Padding and layout bounds are scaled and
///   rounded the same way; padding that was aapt2's default (no padding line) stays the default.
/// - Content: premultiplied area averaging, each segment onto its own rounded segment (a box filter; shrinking
///   averages whole and partial source pixels), so no colour bleeds across an edge and the ticks stay on the
///   pixels they mark.
public struct DensityScaler: Sendable {
    /// The largest image it makes, frame included (the decoder's input limits, by default).
    public var limits: PNGLimits

    public init(limits: PNGLimits = .standard) {
        self.limits = limits
    }

    /// Scales `source` (a `.9.png` image, frame included, which aapt2 reads as `ninePatch`) by `ratio`
    /// (target dpi / source dpi).
    public func scale(_ source: RGBAImage, as ninePatch: NinePatch, by ratio: Double) throws(ScaleError)
        -> ScaledNinePatch
    {
        let width = Self.rounded(Double(ninePatch.width) * ratio)
        let height = Self.rounded(Double(ninePatch.height) * ratio)
        do {
            try limits.admitOutput(width: width + 2, height: height + 2)
        } catch {
            throw .tooLarge(error)
        }
        let columns = try AxisMap(length: ninePatch.width, scaled: width, stretch: ninePatch.stretchX, axis: "x")
        let rows = try AxisMap(length: ninePatch.height, scaled: height, stretch: ninePatch.stretchY, axis: "y")
        let content = Self.resample(PremultipliedImage(source.withoutFrame), columns: columns, rows: rows)
        var planned = ninePatch
        planned.width = width
        planned.height = height
        planned.stretchX = columns.spans(ninePatch.stretchX)
        planned.stretchY = rows.spans(ninePatch.stretchY)
        planned.padding = Self.padding(ninePatch, planned: planned, ratio: ratio)
        planned.layoutBounds = ninePatch.layoutBounds.map { bounds in
            Insets(
                left: Self.rounded(Double(bounds.left) * ratio), top: Self.rounded(Double(bounds.top) * ratio),
                right: Self.rounded(Double(bounds.right) * ratio), bottom: Self.rounded(Double(bounds.bottom) * ratio))
        }
        let image: RGBAImage
        do {
            image = try FrameDrawing().framed(
                content.unpremultiplied, stretchX: planned.stretchX, stretchY: planned.stretchY,
                padding: planned.padding, layoutBounds: planned.layoutBounds)
        } catch {
            throw .unexpectedFrame(error.description)
        }
        guard let parsed = NinePatchParser(detail: .full).parse(image, file: "").ninePatch else {
            throw .unexpectedFrame("aapt2 would reject it")
        }
        guard parsed.stretchX == planned.stretchX, parsed.stretchY == planned.stretchY,
            parsed.padding == planned.padding, parsed.layoutBounds ?? .zero == planned.layoutBounds ?? .zero
        else {
            throw .unexpectedFrame("spans, padding or layout bounds differ")
        }
        return ScaledNinePatch(image: image, ninePatch: parsed)
    }

    /// Android's rounding of a scaled size or inset: `Int(value + 0.5)`.
    static func rounded(_ value: Double) -> Int { Int(value + 0.5) }

    /// Scaled explicit padding, or aapt2's default for the scaled spans when the source had no padding line.
    private static func padding(_ source: NinePatch, planned: NinePatch, ratio: Double) -> Insets {
        let axes = [
            (source.width, source.stretchX, planned.width, planned.stretchX, source.padding.left, source.padding.right),
            (
                source.height, source.stretchY, planned.height, planned.stretchY, source.padding.top,
                source.padding.bottom
            ),
        ]
        let sides = axes.map { length, stretch, scaledLength, scaledStretch, start, end -> (Int, Int) in
            if NinePatchGeometry.padding(paddingRuns: [], stretch: stretch, length: length) == (start, end) {
                return NinePatchGeometry.padding(paddingRuns: [], stretch: scaledStretch, length: scaledLength)
            }
            let scaledStart = min(rounded(Double(start) * ratio), scaledLength - 1)
            return (scaledStart, min(rounded(Double(end) * ratio), scaledLength - 1 - scaledStart))
        }
        return Insets(left: sides[0].0, top: sides[1].0, right: sides[0].1, bottom: sides[1].1)
    }

    /// Area-averages `image` onto the scaled grid, separably, in premultiplied colour.
    private static func resample(_ image: PremultipliedImage, columns: AxisMap, rows: AxisMap) -> PremultipliedImage {
        let columnWeights = columns.weights()
        let rowWeights = rows.weights()
        var horizontal = [Double](repeating: 0, count: image.height * columns.scaled * 4)
        for y in 0..<image.height {
            for (x, weights) in columnWeights.enumerated() {
                for (source, weight) in weights {
                    let from = (y * image.width + source) * 4
                    let to = (y * columns.scaled + x) * 4
                    for channel in 0..<4 { horizontal[to + channel] += weight * Double(image.bytes[from + channel]) }
                }
            }
        }
        var result = PremultipliedImage(width: columns.scaled, height: rows.scaled)
        for (y, weights) in rowWeights.enumerated() {
            for x in 0..<columns.scaled {
                var sums = [0.0, 0.0, 0.0, 0.0]
                for (source, weight) in weights {
                    let from = (source * columns.scaled + x) * 4
                    for channel in 0..<4 { sums[channel] += weight * horizontal[from + channel] }
                }
                let to = (y * columns.scaled + x) * 4
                let alpha = min(255, max(0, sums[3].rounded()))
                result.bytes[to + 3] = UInt8(alpha)
                for channel in 0..<3 { result.bytes[to + channel] = UInt8(min(alpha, max(0, sums[channel].rounded()))) }
            }
        }
        return result
    }
}

/// One axis of a scaled NinePatch: the source's segment edges and where each lands, rounded once.
struct AxisMap {
    let length: Int
    let scaled: Int
    /// Source edges `0 = b₀ < b₁ < … < bₙ = length` and their scaled positions `0 = B₀ < … < Bₙ = scaled`.
    let edges: [Int]
    let scaledEdges: [Int]

    init(length: Int, scaled: Int, stretch: [Span], axis: String) throws(ScaleError) {
        self.length = length
        self.scaled = scaled
        let edges = Array(Set([0, length] + stretch.flatMap { [$0.start, $0.end] })).sorted()
        let segments = edges.count - 1
        // Stretch spans and the fixed gaps between them keep at least a pixel; a fixed part before the first or
        // after the last span may vanish, as it does when Android draws a NinePatch smaller than its fixed size.
        let outer = { (index: Int) in
            let (start, end) = (edges[index], edges[index + 1])
            return (start == 0 || end == length) && !stretch.contains { $0.start == start }
        }
        let least = (0..<segments).map { outer($0) && segments > 1 ? 0 : 1 }
        guard scaled >= least.reduce(0, +) else { throw .tooSmall(axis: axis, pixels: scaled, segments: segments) }
        let ratio = Double(scaled) / Double(length)
        var scaledEdges = [0]
        for index in 1..<segments {
            let nearest = DensityScaler.rounded(Double(edges[index]) * ratio)
            let room = scaled - least[index...].reduce(0, +)
            scaledEdges.append(min(max(nearest, scaledEdges[index - 1] + least[index - 1]), room))
        }
        scaledEdges.append(scaled)
        self.edges = edges
        self.scaledEdges = scaledEdges
    }

    /// The spans with each edge moved to its scaled position.
    func spans(_ spans: [Span]) -> [Span] {
        let position = Dictionary(uniqueKeysWithValues: zip(edges, scaledEdges))
        return spans.map { Span(position[$0.start]!, position[$0.end]!) }
    }

    /// For each scaled pixel, the source pixels it covers and by what fraction (summing to 1): each scaled
    /// segment `[Bᵢ, Bᵢ₊₁)` takes the area of the source segment `[bᵢ, bᵢ₊₁)` evenly.
    func weights() -> [[(Int, Double)]] {
        var result = [[(Int, Double)]]()
        for segment in 0..<(edges.count - 1) {
            let (start, end) = (Double(edges[segment]), Double(edges[segment + 1]))
            let (scaledStart, scaledEnd) = (scaledEdges[segment], scaledEdges[segment + 1])
            let step = (end - start) / Double(scaledEnd - scaledStart)
            for pixel in scaledStart..<scaledEnd {
                let from = start + Double(pixel - scaledStart) * step
                let to = from + step
                var weights = [(Int, Double)]()
                var source = Int(from)
                while Double(source) < to, source < edges[segment + 1] {
                    let covered = min(to, Double(source + 1)) - max(from, Double(source))
                    if covered > 1e-12 { weights.append((source, covered / step)) }
                    source += 1
                }
                result.append(weights)
            }
        }
        return result
    }
}
