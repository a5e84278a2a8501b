public import Diagnostics

/// The four frame lines of a NinePatch and the background its top-left pixel selects: the subject of aapt2's
/// rules on the whole frame (``FrameRule``), read once from the streamed rows' border pixels.
public struct NinePatchFrame: Sendable {
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

    /// Reads the frame lines from the four border pixel arrays (corners excluded). `topLine`: the top line already
    /// read against the corner's background, when the corner gives one (the row scanner needs it first).
    init(
        width: Int, height: Int, topLeft: UInt32, top: [UInt32], left: [UInt32], bottom: [UInt32], right: [UInt32],
        topLine: FrameLine? = nil
    ) {
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
        self.top = cornerIsValid ? topLine ?? line(.top, top) : line(.top, top)
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
        edge.location(index, width: width, height: height)
    }

    /// The frame lines that could be read (all four unless no background can be told), top, left, bottom, right.
    var lines: [FrameLine] { [top, left, bottom, right].compactMap { $0 } }
}

/// A rule on the whole frame: the corner and the colours of every line.
public typealias FrameRule = RuleCheck<NinePatchFrame, Finding, Never>

/// One border of a frame, the subject of aapt2's rules on a single line (``FrameBorderRule``): which ticks it
/// may hold and where.
public struct FrameBorder: Sendable {
    let line: FrameLine
    /// Full image size, frame included, for the border's pixel locations. (Not the whole frame: a border is
    /// made four times per file, and copying the other three lines each time cost more than the rules.)
    let width: Int
    let height: Int

    /// Whether the border marks the content padding and the layout bounds (bottom, right) rather than the
    /// stretch areas (top, left).
    var holdsPadding: Bool { line.edge == .bottom || line.edge == .right }

    /// Image coordinates of content position `index` on this border.
    func location(_ index: Int) -> Location { line.edge.location(index, width: width, height: height) }
}

/// A rule on one border, run on each in turn: top, left, bottom, right.
public typealias FrameBorderRule = RuleCheck<FrameBorder, Finding, Never>

/// The grid the stretch ticks of the top and left borders cut the image into, the subject of the region limits
/// (``StretchGridRule``): aapt2's region count and npTc's one-byte counts.
public struct StretchGrid: Sendable {
    /// The most regions (columns x rows of the stretch grid) aapt2 allows ("too many regions in 9-patch").
    static let maxRegions = 127
    /// Stretch runs per border whose count (2 per run) still fits npTc's one byte.
    static let maxStretchRuns = 127
    /// Regions whose count still fits npTc's one-byte colour count.
    static let maxChunkColors = 255

    /// The top border, whose stretch runs cut the columns.
    let columns: FrameLine
    /// The left border, whose stretch runs cut the rows.
    let rows: FrameLine
    /// aapt2's segment counts (`CalculateSegmentCount`).
    let columnCount: Int
    let rowCount: Int

    /// The grid of `frame`, when its top and left lines could be read.
    init?(_ frame: NinePatchFrame) {
        guard let top = frame.top, let left = frame.left else { return nil }
        columns = top
        rows = left
        columnCount = Self.segmentCount(top.blackRuns, length: top.length)
        rowCount = Self.segmentCount(left.blackRuns, length: left.length)
    }

    /// The regions aapt2 counts against ``maxRegions``.
    var regionCount: Int { columnCount * rowCount }

    /// The colours npTc stores: one per region of the image's segments (fixed and stretchable).
    var chunkColorCount: Int {
        NinePatch.segmentCount(length: columns.length, stretch: columns.blackRuns)
            * NinePatch.segmentCount(length: rows.length, stretch: rows.blackRuns)
    }

    /// aapt2's `CalculateSegmentCount`: 0 without stretch runs, else 2n+1, 2n or 2n−1 by how many ends are fixed.
    static func segmentCount(_ stretch: [Span], length: Int) -> Int {
        guard let first = stretch.first, let last = stretch.last else { return 0 }
        let fixedEnds = (first.start != 0 ? 1 : 0) + (last.end != length ? 1 : 0)
        return stretch.count * 2 + fixedEnds - 1
    }
}

/// A rule on the stretch grid, run after the borders.
public typealias StretchGridRule = RuleCheck<StretchGrid, Finding, Never>

/// Runs aapt2's frame rules (NP002–NP009) and the NP103/NP104 lints on a frame: ``NinePatchRules/onFrame``, then
/// ``NinePatchRules/onBorder`` on each border, then ``NinePatchRules/onStretchGrid``. Every problem is reported
/// with its pixel rather than stopping at the first as aapt2 does. The verdict is the same: aapt2 rejects a file
/// exactly when one of the NP0xx rules fires.
struct FrameValidator: Sendable {
    let file: String

    func diagnostics(for frame: NinePatchFrame) -> [Diagnostic] {
        var found = NinePatchRules.onFrame.findings(on: frame)
        // Most frames have no finding: empty lists are not appended (that would allocate a buffer each).
        let add = { (more: [Finding]) in
            if !more.isEmpty { found += more }
        }
        for line in [frame.top, frame.left, frame.bottom, frame.right] {
            guard let line else { continue }
            add(NinePatchRules.onBorder.findings(on: FrameBorder(line: line, width: frame.width, height: frame.height)))
        }
        if let grid = StretchGrid(frame) {
            add(NinePatchRules.onStretchGrid.findings(on: grid))
        }
        return found.isEmpty ? [] : found.map { $0.diagnostic(file: file) }
    }
}

extension Edge {
    /// Image coordinates of content position `index` on this edge of a `width` x `height` image (frame included).
    func location(_ index: Int, width: Int, height: Int) -> Location {
        switch self {
        case .top: .pixel(x: index + 1, y: 0)
        case .bottom: .pixel(x: index + 1, y: height - 1)
        case .left: .pixel(x: 0, y: index + 1)
        case .right: .pixel(x: width - 1, y: index + 1)
        }
    }

    /// `x=5` or `x=5…7` in image coordinates (inclusive, as people count pixels in an editor).
    func positions(_ span: Span) -> String {
        span.length == 1 ? "\(axisLetter)=\(span.start + 1)" : "\(axisLetter)=\(span.start + 1)…\(span.end)"
    }
}
