/// One of the four 1-pixel frame lines of a NinePatch source image.
public enum Edge: String, Sendable, Hashable, CaseIterable {
    case top, left, bottom, right

    /// Whether positions along this edge are x coordinates.
    var isHorizontal: Bool { self == .top || self == .bottom }

    /// The coordinate letter used in messages: `x` along top/bottom, `y` along left/right.
    var axisLetter: String { isHorizontal ? "x" : "y" }
}

/// What the top-left pixel says the frame's background ("neutral") colour is.
public enum FrameBackground: String, Sendable, Hashable {
    /// Top-left alpha is 0: every alpha-0 pixel is neutral, whatever its RGB.
    case transparent
    /// Top-left is exactly `0xFFFFFFFF`: only opaque white is neutral.
    case white

    /// aapt2's choice from the top-left pixel, or `nil` when that pixel is neither.
    public init?(topLeft argb: UInt32) {
        if argb >> 24 == 0 {
            self = .transparent
        } else if argb == ArgbColor.opaqueWhite {
            self = .white
        } else {
            return nil
        }
    }

    func isNeutral(_ argb: UInt32) -> Bool {
        switch self {
        case .transparent: argb >> 24 == 0
        case .white: argb == ArgbColor.opaqueWhite
        }
    }
}

/// The exact colours aapt2 accepts as ticks. There is no tolerance.
enum ArgbColor {
    static let opaqueBlack: UInt32 = 0xFF00_0000
    static let opaqueRed: UInt32 = 0xFFFF_0000
    static let opaqueWhite: UInt32 = 0xFFFF_FFFF
}

/// A run of pixels on a frame line whose colour is not allowed.
struct InvalidRun: Sendable, Hashable {
    var span: Span
    /// The colour of the run's first pixel, `0xAARRGGBB`.
    var firstColor: UInt32
    /// Whether every pixel of the run has that same colour.
    var isUniform: Bool
}

/// The examined pixels of one frame line (positions 1 … length−2, corners excluded), split into runs.
///
/// Runs follow aapt2's `FillRanges`: a maximal sequence of one tick colour, half-open in content coordinates.
/// Invalid pixels end runs like neutral ones, so the remaining findings stay meaningful.
///
/// An immutable class rather than a struct: every border rule gets its line on each of the four borders of every
/// checked file, and a copy is then one reference instead of three arrays.
final class FrameLine: Sendable {
    let edge: Edge
    /// Content length of the line (image side minus the two corners).
    let length: Int
    let blackRuns: [Span]
    let redRuns: [Span]
    let invalidRuns: [InvalidRun]

    init(edge: Edge, pixels: [UInt32], background: FrameBackground) {
        self.edge = edge
        self.length = pixels.count
        enum Kind: Equatable { case neutral, black, red, invalid }
        var blackRuns = [Span]()
        var redRuns = [Span]()
        var invalidRuns = [InvalidRun]()
        var runStart = 0
        var runKind = Kind.neutral
        func close(at end: Int) {
            switch runKind {
            case .black: blackRuns.append(Span(runStart, end))
            case .red: redRuns.append(Span(runStart, end))
            case .invalid:
                let first = pixels[runStart]
                invalidRuns.append(
                    InvalidRun(
                        span: Span(runStart, end), firstColor: first,
                        isUniform: pixels[runStart..<end].allSatisfy { $0 == first }))
            case .neutral: break
            }
        }
        for (index, argb) in pixels.enumerated() {
            let kind: Kind =
                switch argb {
                case ArgbColor.opaqueBlack: .black
                case ArgbColor.opaqueRed: .red
                default: background.isNeutral(argb) ? .neutral : .invalid
                }
            if kind != runKind {
                close(at: index)
                runStart = index
                runKind = kind
            }
        }
        close(at: pixels.count)
        self.blackRuns = blackRuns
        self.redRuns = redRuns
        self.invalidRuns = invalidRuns
    }
}
