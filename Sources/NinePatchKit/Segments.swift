/// One piece of an axis in the lattice: a fixed part or a stretchable span, in content pixels.
public struct Segment: Sendable, Hashable {
    public var span: Span
    public var isStretchable: Bool

    public init(span: Span, isStretchable: Bool) {
        self.span = span
        self.isStretchable = isStretchable
    }
}

extension NinePatch {
    /// Splits an axis of `length` pixels into alternating fixed and stretchable segments, dropping empty ones,
    /// as aapt2 walks it for region colours (an axis without stretch spans is one fixed segment).
    public static func segments(length: Int, stretch: [Span]) -> [Segment] {
        var segments = [Segment]()
        var position = 0
        for span in stretch {
            if span.start > position {
                segments.append(Segment(span: Span(position, span.start), isStretchable: false))
            }
            if span.length > 0 {
                segments.append(Segment(span: span, isStretchable: true))
            }
            position = span.end
        }
        if position < length || segments.isEmpty {
            segments.append(Segment(span: Span(position, length), isStretchable: false))
        }
        return segments
    }

    /// The horizontal lattice segments of this NinePatch.
    public var columns: [Segment] { Self.segments(length: width, stretch: stretchX) }

    /// The vertical lattice segments of this NinePatch.
    public var rows: [Segment] { Self.segments(length: height, stretch: stretchY) }
}
