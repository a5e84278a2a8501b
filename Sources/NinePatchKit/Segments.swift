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
        forEachSegment(length: length, stretch: stretch) { segments.append($0) }
        return segments
    }

    /// How many segments `segments(length:stretch:)` has, without building them (a rule asks on every file).
    public static func segmentCount(length: Int, stretch: [Span]) -> Int {
        var count = 0
        forEachSegment(length: length, stretch: stretch) { _ in count += 1 }
        return count
    }

    /// Hands over the segments of `segments(length:stretch:)` one by one, in order.
    private static func forEachSegment(length: Int, stretch: [Span], _ body: (Segment) -> Void) {
        var position = 0
        var handedOver = false
        for span in stretch {
            if span.start > position {
                body(Segment(span: Span(position, span.start), isStretchable: false))
                handedOver = true
            }
            if span.length > 0 {
                body(Segment(span: span, isStretchable: true))
                handedOver = true
            }
            position = span.end
        }
        if position < length || !handedOver {
            body(Segment(span: Span(position, length), isStretchable: false))
        }
    }

    /// The horizontal lattice segments of this NinePatch.
    public var columns: [Segment] { Self.segments(length: width, stretch: stretchX) }

    /// The vertical lattice segments of this NinePatch.
    public var rows: [Segment] { Self.segments(length: height, stretch: stretchY) }
}
