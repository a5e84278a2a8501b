public import Diagnostics
public import PNGKit

/// The outcome of reading a NinePatch source image: the model aapt2 would store when it accepts the file, and
/// every problem found either way.
public struct NinePatchAnalysis: Sendable {
    /// The parsed NinePatch, or `nil` when aapt2 would reject the file.
    public var ninePatch: NinePatch?
    /// All findings, errors first in frame order (top, left, bottom, right), then warnings.
    public var diagnostics: [Diagnostic]

    public init(ninePatch: NinePatch?, diagnostics: [Diagnostic]) {
        self.ninePatch = ninePatch
        self.diagnostics = diagnostics
    }

    /// Whether `aapt2 compile` accepts the image.
    public var isAccepted: Bool { ninePatch != nil }
}

/// Parses and validates a decoded NinePatch source (`*.9.png`, frame included) exactly as aapt2 does.
public struct NinePatchParser: Sendable {
    public init() {}

    /// Parses `image`; `file` names it in diagnostics.
    public func parse(_ image: RGBAImage, file: String) -> NinePatchAnalysis {
        guard image.width >= 3, image.height >= 3 else {
            let tooSmall = NinePatchRule.imageTooSmall.diagnostic(
                file: file,
                "image is \(image.width)x\(image.height); a NinePatch needs at least 3x3 (1x1 content plus the 1-pixel frame)",
                hint: "add a 1-pixel frame around the content")
            return NinePatchAnalysis(ninePatch: nil, diagnostics: [tooSmall])
        }
        let frame = Self.frame(of: image)
        let diagnostics = FrameValidator(file: file).diagnostics(for: frame)
            .sorted { $0.severity > $1.severity }
        guard !diagnostics.contains(where: { $0.severity == .error }),
              let top = frame.top, let left = frame.left, let bottom = frame.bottom, let right = frame.right
        else {
            return NinePatchAnalysis(ninePatch: nil, diagnostics: diagnostics)
        }
        let width = image.width - 2
        let height = image.height - 2
        let horizontalPadding = NinePatchGeometry.padding(
            paddingRuns: bottom.blackRuns, stretch: top.blackRuns, length: width)
        let verticalPadding = NinePatchGeometry.padding(
            paddingRuns: right.blackRuns, stretch: left.blackRuns, length: height)
        let horizontalBounds = NinePatchGeometry.layoutBounds(redRuns: bottom.redRuns, length: width)
        let verticalBounds = NinePatchGeometry.layoutBounds(redRuns: right.redRuns, length: height)
        let layoutBounds = Insets(
            left: horizontalBounds.start, top: verticalBounds.start,
            right: horizontalBounds.end, bottom: verticalBounds.end)
        let ninePatch = NinePatch(
            width: width, height: height,
            stretchX: top.blackRuns, stretchY: left.blackRuns,
            padding: Insets(
                left: horizontalPadding.start, top: verticalPadding.start,
                right: horizontalPadding.end, bottom: verticalPadding.end),
            layoutBounds: layoutBounds.isZero ? nil : layoutBounds,
            regionColors: NinePatchGeometry.regionColors(
                image: image, stretchX: top.blackRuns, stretchY: left.blackRuns),
            outline: NinePatchGeometry.outline(image: image))
        return NinePatchAnalysis(ninePatch: ninePatch, diagnostics: diagnostics)
    }

    private static func frame(of image: RGBAImage) -> Frame {
        let width = image.width
        let height = image.height
        let inner = { (count: Int) in 1..<(count - 1) }
        return Frame(
            width: width, height: height, topLeft: image.argb(x: 0, y: 0),
            lines: [
                .top: inner(width).map { image.argb(x: $0, y: 0) },
                .bottom: inner(width).map { image.argb(x: $0, y: height - 1) },
                .left: inner(height).map { image.argb(x: 0, y: $0) },
                .right: inner(height).map { image.argb(x: width - 1, y: $0) },
            ])
    }
}

extension RGBAImage {
    /// The image without its outer 1-pixel frame: a NinePatch's content, as aapt2 compiles it.
    public var withoutFrame: RGBAImage {
        cropped(x: 1, y: 1, width: width - 2, height: height - 2)
    }
}
