public import PNGKit

/// Adds a NinePatch frame to a plain image: black stretch ticks on the top and left, the padding as one black run
/// on the bottom and right, layout bounds as red runs from the ends, the rest transparent (the decompiler's
/// frame writer, without a compiled chunk to start from).
public struct FrameDrawing: Sendable {
    public init() {}

    /// `content` inside a frame that aapt2 reads as these spans (content pixels, half-open), padding (`nil`:
    /// aapt2's default, the first to last stretch span) and layout bounds. Spans must lie inside the image, in
    /// order, and not touch (touching ticks would be read as one span).
    public func framed(
        _ content: RGBAImage, stretchX: [Span], stretchY: [Span], padding: Insets? = nil, layoutBounds: Insets? = nil
    ) throws(NinePatchChunkError) -> RGBAImage {
        for (axis, spans, length) in [
            (NinePatchChunkError.Axis.x, stretchX, content.width), (.y, stretchY, content.height),
        ] {
            for (previous, span) in zip(spans, spans.dropFirst()) where span.start <= previous.end {
                throw .spanOutOfRange(axis: axis, span, length: length)
            }
        }
        let defaultPadding = { (spans: [Span], length: Int) in
            NinePatchGeometry.padding(paddingRuns: [], stretch: spans, length: length)
        }
        let (left, right) = defaultPadding(stretchX, content.width)
        let (top, bottom) = defaultPadding(stretchY, content.height)
        let model = NinePatch(
            width: content.width, height: content.height, stretchX: stretchX, stretchY: stretchY,
            padding: padding ?? Insets(left: left, top: top, right: right, bottom: bottom), layoutBounds: layoutBounds,
            regionColors: nil, outline: nil)
        let chunks = NinePatchChunks(
            stretchX: stretchX, stretchY: stretchY, padding: model.padding,
            regionColors: Array(repeating: .mixed, count: model.columns.count * model.rows.count),
            layoutBounds: layoutBounds, outline: nil)
        return try NinePatchDecompiler().decompile(content, chunks: chunks).image
    }
}
