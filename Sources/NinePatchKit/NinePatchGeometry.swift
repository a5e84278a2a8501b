/// The values aapt2 derives from an accepted frame, with its exact formulas (tools/aapt2/compile/NinePatch.cpp).
enum NinePatchGeometry {
    /// Content padding along one axis: the single black run, else the first-to-last stretch span, else zero.
    static func padding(paddingRuns: [Span], stretch: [Span], length: Int) -> (start: Int, end: Int) {
        if let run = paddingRuns.first { return (run.start, length - run.end) }
        if let first = stretch.first, let last = stretch.last { return (first.start, length - last.end) }
        return (0, 0)
    }

    /// Layout-bound insets along one axis. A single run yields only a start inset, even at the end of the line
    /// (aapt2's behaviour, reported by NP103).
    static func layoutBounds(redRuns: [Span], length: Int) -> (start: Int, end: Int) {
        guard let first = redRuns.first else { return (0, 0) }
        let end = redRuns.count >= 2 ? length - redRuns[redRuns.count - 1].start : 0
        return (first.end, end)
    }
}
