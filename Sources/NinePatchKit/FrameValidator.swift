import Diagnostics

/// The four frame lines of a NinePatch and the background its top-left pixel selects.
struct Frame: Sendable {
    /// Full image size, frame included.
    let width: Int
    let height: Int
    let topLeft: UInt32
    /// aapt2's background, or the most plausible one when the top-left pixel is invalid (then `cornerIsValid` is false).
    let background: FrameBackground?
    let cornerIsValid: Bool
    let top: FrameLine?
    let left: FrameLine?
    let bottom: FrameLine?
    let right: FrameLine?

    /// Reads the frame lines from the four border pixel arrays (corners excluded).
    init(width: Int, height: Int, topLeft: UInt32, top: [UInt32], left: [UInt32], bottom: [UInt32], right: [UInt32]) {
        self.width = width
        self.height = height
        self.topLeft = topLeft
        if let background = FrameBackground(topLeft: topLeft) {
            self.background = background
            self.cornerIsValid = true
        } else {
            // Guess the intended background from the frame itself, so the other rules can still speak.
            self.background = Self.likelyBackground(top: top, left: left, bottom: bottom, right: right)
            self.cornerIsValid = false
        }
        let background = self.background
        let line = { (edge: Edge, pixels: [UInt32]) -> FrameLine? in
            background.map { FrameLine(edge: edge, pixels: pixels, background: $0) }
        }
        self.top = line(.top, top)
        self.left = line(.left, left)
        self.bottom = line(.bottom, bottom)
        self.right = line(.right, right)
    }

    /// The background most frame pixels have (ties go to transparent), or `nil` when none is transparent or
    /// opaque white.
    static func likelyBackground(top: [UInt32], left: [UInt32], bottom: [UInt32], right: [UInt32]) -> FrameBackground? {
        let all = [top, left, bottom, right].joined()
        let transparent = all.count { $0 >> 24 == 0 }
        let white = all.count { $0 == ArgbColor.opaqueWhite }
        return transparent == 0 && white == 0 ? nil : (transparent >= white ? .transparent : .white)
    }

    /// Image coordinates of content position `index` on `edge`.
    func location(_ edge: Edge, _ index: Int) -> Location {
        switch edge {
        case .top: .pixel(x: index + 1, y: 0)
        case .bottom: .pixel(x: index + 1, y: height - 1)
        case .left: .pixel(x: 0, y: index + 1)
        case .right: .pixel(x: width - 1, y: index + 1)
        }
    }
}

/// Applies aapt2's frame rules (NP002–NP009) and the NP103/NP104 lints to a frame, reporting every problem
/// with its pixel rather than stopping at the first as aapt2 does. The verdict is the same: aapt2 rejects a
/// file exactly when one of the NP0xx rules fires.
struct FrameValidator: Sendable {
    let file: String

    func diagnostics(for frame: Frame) -> [Diagnostic] {
        var found = [Diagnostic]()
        if !frame.cornerIsValid {
            found.append(
                NinePatchRules.invalidCorner.diagnostic(
                    file: file, at: .pixel(x: 0, y: 0),
                    "top-left corner is \(ColorWords.describe(frame.topLeft)); it must be transparent or opaque white",
                    hint: frame.background.map {
                        "the rest of the frame looks \($0.rawValue): make the corner \($0.rawValue) too "
                            + "(`playprep ninepatch fix` does)"
                    }
                        ?? "make the whole frame transparent (or opaque white) and draw ticks in opaque black"))
        }
        guard let background = frame.background else { return found }
        for line in [frame.top, frame.left, frame.bottom, frame.right].compactMap({ $0 }) {
            found += invalidColors(line, frame: frame, background: background)
        }
        if let top = frame.top { found += forbiddenRed(top, frame: frame, rule: NinePatchRules.redTickOnTop) }
        if let left = frame.left { found += forbiddenRed(left, frame: frame, rule: NinePatchRules.redTickOnLeft) }
        if let bottom = frame.bottom { found += paddingAndBounds(bottom, frame: frame) }
        if let right = frame.right { found += paddingAndBounds(right, frame: frame) }
        if let top = frame.top, let left = frame.left {
            found += regionLimits(columns: top, rows: left)
        }
        return found
    }

    // MARK: NP003

    private func invalidColors(_ line: FrameLine, frame: Frame, background: FrameBackground) -> [Diagnostic] {
        line.invalidRuns.map { run in
            let place = positions(line.edge, run.span)
            let what =
                run.span.length == 1
                ? ColorWords.describe(run.firstColor)
                : "\(run.span.length) pixels of \(run.isUniform ? "" : "colours such as ")\(ColorWords.describe(run.firstColor))"
            return NinePatchRules.invalidFrameColor.diagnostic(
                file: file, at: frame.location(line.edge, run.span.start),
                "\(line.edge.rawValue) border \(place): \(what) \(run.span.length == 1 ? "is" : "are") not a valid frame colour",
                hint: invalidColorHint(run.firstColor, background: background)
                    + FrameRepair.hint(for: run.firstColor, on: line.edge, background: background))
        }
    }

    private func invalidColorHint(_ argb: UInt32, background: FrameBackground) -> String {
        let alpha = argb >> 24
        let rgb = argb & 0x00FF_FFFF
        switch background {
        case .white where alpha == 0:
            return
                "the frame background is opaque white (see the top-left pixel): paint this opaque white, or make the whole frame transparent"
        case .transparent where argb == ArgbColor.opaqueWhite:
            return
                "the frame background is transparent (see the top-left pixel): make this transparent, or make the whole frame opaque white"
        default:
            break
        }
        if alpha != 255, rgb == 0x000000 || rgb == 0xFF0000 {
            return "ticks must be fully opaque: set alpha to 255 (0xFF000000 black, 0xFFFF0000 red)"
        }
        if alpha == 255, (argb & 0xFF) <= 8, ((argb >> 8) & 0xFF) <= 8 {
            return
                "ticks must be exactly 0xFF000000 (black) or 0xFFFF0000 (red); an editor's colour management or anti-aliasing often shifts them"
        }
        return
            "use opaque black 0xFF000000 for stretch and padding ticks, opaque red 0xFFFF0000 for layout bounds (bottom/right only), and the \(background.rawValue) background elsewhere"
    }

    // MARK: NP004, NP005

    private func forbiddenRed(_ line: FrameLine, frame: Frame, rule: Rule) -> [Diagnostic] {
        line.redRuns.map { run in
            rule.diagnostic(
                file: file, at: frame.location(line.edge, run.start),
                "\(line.edge.rawValue) border \(positions(line.edge, run)): red (layout-bound) tick where only black stretch ticks are allowed",
                hint:
                    "layout (optical) bounds go on the bottom and right borders; use opaque black 0xFF000000 here to mark a stretchable area"
            )
        }
    }

    // MARK: NP006, NP007, NP008, NP103

    private func paddingAndBounds(_ line: FrameLine, frame: Frame) -> [Diagnostic] {
        var found = [Diagnostic]()
        let edge = line.edge
        if line.blackRuns.count > 1 {
            let list = line.blackRuns.map { positions(edge, $0) }.joined(separator: ", ")
            found.append(
                NinePatchRules.multiplePaddingRuns.diagnostic(
                    file: file, at: frame.location(edge, line.blackRuns[1].start),
                    "\(edge.rawValue) border has \(line.blackRuns.count) black padding runs (\(list)); only one is allowed",
                    hint:
                        "the \(edge.rawValue) line marks one content area: join the runs into a single run or remove the extra ones"
                ))
        }
        let red = line.redRuns
        if red.count > 2 {
            let list = red.map { positions(edge, $0) }.joined(separator: ", ")
            found.append(
                NinePatchRules.tooManyLayoutBoundRuns.diagnostic(
                    file: file, at: frame.location(edge, red[2].start),
                    "\(edge.rawValue) border has \(red.count) red layout-bound runs (\(list)); at most two are allowed",
                    hint:
                        "one red run from the start of the line gives the start inset, one ending at its end gives the end inset"
                ))
            return found
        }
        guard let first = red.first else { return found }
        if first.start != 0 && first.end != line.length {
            found.append(
                NinePatchRules.layoutBoundNotAtEdge.diagnostic(
                    file: file, at: frame.location(edge, first.start),
                    "\(edge.rawValue) border: red run \(positions(edge, first)) touches neither end of the line",
                    hint: "a layout-bound run must start at the first frame pixel or end at the last one"))
        } else if red.count == 2, let last = red.last, last.end != line.length {
            found.append(
                NinePatchRules.layoutBoundNotAtEdge.diagnostic(
                    file: file, at: frame.location(edge, last.start),
                    "\(edge.rawValue) border: second red run \(positions(edge, last)) does not reach the end of the line",
                    hint: "the second layout-bound run must end at the last frame pixel before the corner"))
        } else if red.count == 1, first.start != 0 {
            let (startSide, endSide) = edge == .bottom ? ("left", "right") : ("top", "bottom")
            found.append(
                NinePatchRules.endOnlyLayoutBound.diagnostic(
                    file: file, at: frame.location(edge, first.start),
                    "\(edge.rawValue) border: the only red run \(positions(edge, first)) is at the end, but aapt2 stores it as a "
                        + "\(startSide) layout inset of \(first.end) (the whole line), not a \(endSide) inset of \(first.length)",
                    hint:
                        "aapt2 cannot express an end-only layout bound; add a red run at the start as well, or remove the red ticks"
                ))
        }
        return found
    }

    // MARK: NP009, NP104

    /// The most regions (columns x rows of the stretch grid) aapt2 allows ("too many regions in 9-patch").
    static let maxRegions = 127
    /// Stretch runs per border whose count (2 per run) still fits npTc's one byte.
    static let maxStretchRuns = 127
    /// Regions whose count still fits npTc's one-byte colour count.
    static let maxChunkColors = 255

    private func regionLimits(columns: FrameLine, rows: FrameLine) -> [Diagnostic] {
        let columnCount = Self.segmentCount(columns.blackRuns, length: columns.length)
        let rowCount = Self.segmentCount(rows.blackRuns, length: rows.length)
        if columnCount * rowCount > Self.maxRegions {
            return [
                NinePatchRules.tooManyRegions.diagnostic(
                    file: file,
                    "the stretch ticks cut the image into \(columnCount) columns x \(rowCount) rows = \(columnCount * rowCount) regions; aapt2 allows at most \(Self.maxRegions)",
                    hint: "merge neighbouring stretch ticks on the top or left border")
            ]
        }
        var found = [Diagnostic]()
        for line in [columns, rows] where line.blackRuns.count > Self.maxStretchRuns {
            let stored = (line.blackRuns.count * 2) % 256
            found.append(
                NinePatchRules.stretchCountOverflow.diagnostic(
                    file: file,
                    at: .pixel(
                        x: line.edge == .top ? line.blackRuns[0].start + 1 : 0,
                        y: line.edge == .top ? 0 : line.blackRuns[0].start + 1),
                    "\(line.edge.rawValue) border has \(line.blackRuns.count) stretch runs: npTc stores 2 x \(line.blackRuns.count) in one byte as \(stored), so aapt2 writes a corrupt chunk without an error",
                    hint: "use at most \(Self.maxStretchRuns) stretch runs per border"))
        }
        let colors =
            NinePatch.segments(length: columns.length, stretch: columns.blackRuns).count
            * NinePatch.segments(length: rows.length, stretch: rows.blackRuns).count
        if found.isEmpty, colors > Self.maxChunkColors {
            found.append(
                NinePatchRules.stretchCountOverflow.diagnostic(
                    file: file,
                    "the image has \(colors) regions: npTc stores the colour count in one byte as \(colors % 256), so aapt2 writes a corrupt chunk without an error",
                    hint: "use fewer stretch runs"))
        }
        return found
    }

    /// aapt2's `CalculateSegmentCount`: 0 without stretch runs, else 2n+1, 2n or 2n−1 by how many ends are fixed.
    static func segmentCount(_ stretch: [Span], length: Int) -> Int {
        guard let first = stretch.first, let last = stretch.last else { return 0 }
        let fixedEnds = (first.start != 0 ? 1 : 0) + (last.end != length ? 1 : 0)
        return stretch.count * 2 + fixedEnds - 1
    }

    /// `x=5` or `x=5…7` in image coordinates (inclusive, as people count pixels in an editor).
    private func positions(_ edge: Edge, _ span: Span) -> String {
        span.length == 1
            ? "\(edge.axisLetter)=\(span.start + 1)"
            : "\(edge.axisLetter)=\(span.start + 1)…\(span.end)"
    }
}
