public import Diagnostics
public import PNGKit

/// Why `FrameRepair` changed one frame pixel; the raw value is what `ninepatch fix` prints.
public enum RepairReason: String, Sendable, Hashable, CaseIterable {
    /// The top-left pixel was not the background most of the frame has (transparent or opaque white): it becomes
    /// that background, as `NP002`'s hint suggests (one pixel changes rather than the whole frame).
    case corner = "corner"
    /// A tick pixel with alpha ≥ 128 within the colour tolerance of black becomes opaque black.
    case nearBlackTick = "near-black-tick"
    /// A faint pixel (alpha < 128, the anti-aliased end of a tick) becomes the frame background.
    case faintTickEnd = "faint-tick-end"
    /// A pixel with alpha ≥ 128 within the colour tolerance of red, on the bottom or right border, becomes opaque
    /// red (a layout bound).
    case nearRedBound = "near-red-bound"
    /// On a white frame, a pixel with alpha ≥ 128 within the colour tolerance of white becomes opaque white.
    case nearWhiteBackground = "near-white-background"
}

/// One pixel `FrameRepair` changed, in image coordinates (the frame included), colours as `0xAARRGGBB`.
public struct PixelChange: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var from: UInt32
    public var to: UInt32
    public var reason: RepairReason

    public init(x: Int, y: Int, from: UInt32, to: UInt32, reason: RepairReason) {
        self.x = x
        self.y = y
        self.from = from
        self.to = to
        self.reason = reason
    }

    /// `x=3 y=0: 0xFF0D0D0D -> 0xFF000000 (near-black-tick)`.
    public var description: String {
        "x=\(x) y=\(y): \(ColorWords.hex(from)) -> \(ColorWords.hex(to)) (\(reason.rawValue))"
    }
}

/// What `FrameRepair` made of one source image.
public struct RepairedFrame: Sendable {
    /// The image with every clear-intent frame pixel repaired; content pixels are the input's.
    public var image: RGBAImage
    /// Every pixel changed, top border first, then left, bottom and right, each in order along its line.
    public var changes: [PixelChange]
    /// The aapt2 errors (NP0xx) the repaired image still has: choices a person must make (two padding runs, red
    /// on the top border, a tick colour far from black and red), with their pixels.
    public var unresolved: [Diagnostic]

    /// Whether aapt2 accepts the repaired image.
    public var isAccepted: Bool { unresolved.isEmpty }
}

/// Repairs the frame of a NinePatch source where the intent is clear, and nothing else: the damage image
/// editors and design tools do to the 1-pixel frame (colour management turning black into near-black,
/// anti-aliasing fading tick ends, red layout bounds shifted off `0xFFFF0000`).
///
/// Only the examined frame pixels change (the top-left corner and each line's positions 1 … length−2); content
/// pixels and the three unread corners never do. A frame background is kept as the top-left pixel chooses it,
/// white included (aapt2 accepts a white frame); a top-left pixel that is invalid or disagrees with most of the
/// frame becomes the background most of the frame has. Then each frame pixel is repaired by the first rule that applies:
/// - alpha < 128: the background (`faint-tick-end`);
/// - alpha ≥ 128 and every channel within `colorTolerance` of black: opaque black (`near-black-tick`);
/// - on the bottom or right border, alpha ≥ 128, red ≥ 255 − `colorTolerance` and green, blue ≤ `colorTolerance`:
///   opaque red (`near-red-bound`);
/// - on a white frame, alpha ≥ 128 and every channel within `colorTolerance` of 255: opaque white.
/// Anything else (a mid-grey pixel, red on the top or left border, an opaque white pixel on a transparent frame)
/// has more than one plausible meaning and is left for a person, reported through the validator's diagnostics.
public struct FrameRepair: Sendable, Hashable {
    /// The default largest per-channel distance from black, red or white that still counts as that colour: 64
    /// of 255 (25%). It covers the shifts seen from colour management (sRGB black to 0x0A–0x1A greys, red to
    /// about 0xEA3323 in Display P3) without reaching mid-grey (0x80), which could be either.
    public static let defaultColorTolerance = 64
    /// Alpha below this is a faint, anti-aliased pixel; at or above it, an almost opaque one.
    public static let faintAlpha: UInt32 = 128

    public var colorTolerance: Int

    public init(colorTolerance: Int = FrameRepair.defaultColorTolerance) {
        self.colorTolerance = colorTolerance
    }

    /// Repairs `image` (a `.9.png` source, frame included); `file` names it in the remaining diagnostics.
    public func repair(_ image: RGBAImage, file: String) -> RepairedFrame {
        var repaired = image
        var changes = [PixelChange]()
        if image.width >= 3, image.height >= 3 {
            func set(_ x: Int, _ y: Int, _ fix: (UInt32) -> (UInt32, RepairReason)?) {
                let from = repaired.argb(x: x, y: y)
                guard let (to, reason) = fix(from) else { return }
                repaired[x, y] = RGBA(argb: to)
                changes.append(PixelChange(x: x, y: y, from: from, to: to, reason: reason))
            }
            let (width, height) = (image.width, image.height)
            let lines: [(Edge, [(Int, Int)])] = [
                (.top, (1..<(width - 1)).map { ($0, 0) }),
                (.left, (1..<(height - 1)).map { (0, $0) }),
                (.bottom, (1..<(width - 1)).map { ($0, height - 1) }),
                (.right, (1..<(height - 1)).map { (width - 1, $0) }),
            ]
            let pixels = lines.map { $0.1.map { image.argb(x: $0.0, y: $0.1) } }
            let likely = NinePatchFrame.likelyBackground(
                top: pixels[0], left: pixels[1], bottom: pixels[2], right: pixels[3])
            if let likely, FrameBackground(topLeft: image.argb(x: 0, y: 0)) != likely {
                set(0, 0) { _ in (Self.color(of: likely), .corner) }
            }
            if let background = FrameBackground(topLeft: repaired.argb(x: 0, y: 0)) {
                for (edge, pixels) in lines {
                    for (x, y) in pixels { set(x, y) { repairedTick($0, on: edge, background: background) } }
                }
            }
        }
        let remaining = NinePatchParser(detail: .geometry).parse(repaired, file: file).diagnostics
        return RepairedFrame(
            image: repaired, changes: changes, unresolved: remaining.filter { $0.severity == .error })
    }

    /// What a validator's hint adds for a frame pixel this repair would make valid: `; `playprep ninepatch fix`
    /// repairs this`, or nothing when a person must choose.
    static func hint(for argb: UInt32, on edge: Edge, background: FrameBackground) -> String {
        FrameRepair().repairedTick(argb, on: edge, background: background) == nil
            ? "" : "; `playprep ninepatch fix` repairs this"
    }

    /// The exact colour of a frame background.
    private static func color(of background: FrameBackground) -> UInt32 {
        background == .white ? ArgbColor.opaqueWhite : 0
    }

    func repairedTick(_ argb: UInt32, on edge: Edge, background: FrameBackground) -> (UInt32, RepairReason)? {
        if argb == ArgbColor.opaqueBlack || argb == ArgbColor.opaqueRed || background.isNeutral(argb) { return nil }
        if argb >> 24 < Self.faintAlpha { return (Self.color(of: background), .faintTickEnd) }
        if isNear(argb, red: 0, green: 0, blue: 0) { return (ArgbColor.opaqueBlack, .nearBlackTick) }
        if edge == .bottom || edge == .right, isNear(argb, red: 255, green: 0, blue: 0) {
            return (ArgbColor.opaqueRed, .nearRedBound)
        }
        if background == .white, isNear(argb, red: 255, green: 255, blue: 255) {
            return (ArgbColor.opaqueWhite, .nearWhiteBackground)
        }
        return nil
    }

    /// Whether every colour channel of `argb` is within `colorTolerance` of the given one.
    private func isNear(_ argb: UInt32, red: Int, green: Int, blue: Int) -> Bool {
        let channels = [Int((argb >> 16) & 0xFF), Int((argb >> 8) & 0xFF), Int(argb & 0xFF)]
        return zip(channels, [red, green, blue]).allSatisfy { abs($0 - $1) <= colorTolerance }
    }
}
