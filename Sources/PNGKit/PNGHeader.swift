/// The colour model a PNG stores its samples in (IHDR colour type).
public enum PNGColorType: Int, Sendable, Hashable, CaseIterable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// Samples per pixel as stored (palette: one index).
    public var channels: Int {
        switch self {
        case .gray, .palette: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    public var hasAlphaChannel: Bool { self == .grayAlpha || self == .rgba }
}

/// What the IHDR (and tRNS presence) of a PNG says, read without decoding any pixel.
public struct PNGHeader: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var isInterlaced: Bool
    /// A `tRNS` chunk gives transparency to a palette, grey or RGB image.
    public var hasTransparencyChunk: Bool

    public init(
        width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool,
        hasTransparencyChunk: Bool
    ) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
        self.hasTransparencyChunk = hasTransparencyChunk
    }

    /// Whether the decoded pixels can carry transparency (an alpha channel or a tRNS chunk).
    public var hasAlpha: Bool { colorType.hasAlphaChannel || hasTransparencyChunk }
}
