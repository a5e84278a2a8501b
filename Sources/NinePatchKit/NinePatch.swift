/// A half-open run of pixels `[start, end)` along one axis, in content coordinates (the 1-pixel frame excluded).
public struct Span: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        precondition(start <= end, "a span ends after it starts")
        self.start = start
        self.end = end
    }

    public var length: Int { end - start }

    public var description: String { "[\(start), \(end))" }
}

/// Distances inward from each side, in content pixels.
public struct Insets: Sendable, Hashable, Codable, CustomStringConvertible {
    public var left: Int
    public var top: Int
    public var right: Int
    public var bottom: Int

    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public static let zero = Insets(left: 0, top: 0, right: 0, bottom: 0)

    public var isZero: Bool { self == .zero }

    public var description: String { "left \(left), top \(top), right \(right), bottom \(bottom)" }
}

/// What aapt2 records for one lattice region in `npTc`: lets Android skip drawing transparent regions and
/// fill solid ones without sampling.
public enum RegionColor: Sendable, Hashable {
    /// Every pixel has alpha 0 (`TRANSPARENT_COLOR`, stored as `0x00000000`).
    case transparent
    /// Every pixel is this same non-transparent colour, `0xAARRGGBB` unpremultiplied.
    case solid(UInt32)
    /// Pixels differ (`NO_COLOR`, stored as `0x00000001`).
    case mixed

    /// The 32-bit value aapt2 stores.
    public var storedValue: UInt32 {
        switch self {
        case .transparent: 0x0000_0000
        case .solid(let argb): argb
        case .mixed: 0x0000_0001
        }
    }

    /// Reads a stored value back (a solid colour never has alpha 0, so the two markers are unambiguous).
    public init(storedValue: UInt32) {
        switch storedValue {
        case 0x0000_0000: self = .transparent
        case 0x0000_0001: self = .mixed
        default: self = .solid(storedValue)
        }
    }
}

/// The shadow outline aapt2 derives from the content's opacity (`npOl`).
public struct Outline: Sendable, Hashable {
    public var insets: Insets
    /// Corner radius in pixels (float32 in the chunk).
    public var radius: Float
    /// Maximum alpha along the outline's middle row and column, 0…255.
    public var alpha: UInt8

    public init(insets: Insets, radius: Float, alpha: UInt8) {
        self.insets = insets
        self.radius = radius
        self.alpha = alpha
    }
}

/// A parsed, valid NinePatch: everything aapt2 stores in `npTc`, `npLb` and `npOl`, in content coordinates.
/// A parse with `NinePatchParser.Detail.geometry` leaves out the region colours and the outline, which only
/// compiling, drawing and inspecting need.
public struct NinePatch: Sendable, Hashable {
    /// Content size: the image without its 1-pixel frame.
    public var width: Int
    public var height: Int
    /// Stretchable spans from the black ticks on the top border, left to right.
    public var stretchX: [Span]
    /// Stretchable spans from the black ticks on the left border, top to bottom.
    public var stretchY: [Span]
    /// Content padding from the bottom/right black ticks (or aapt2's default from the stretch spans).
    public var padding: Insets
    /// Layout (optical) bounds from red ticks, exactly as aapt2 stores them; `nil` when aapt2 writes no `npLb`.
    public var layoutBounds: Insets?
    /// One entry per lattice region, row by row, left to right; `nil` when the parse skipped them.
    public var regionColors: [RegionColor]?
    /// The opacity outline (`npOl`); `nil` when the parse skipped it.
    public var outline: Outline?

    public init(
        width: Int, height: Int, stretchX: [Span], stretchY: [Span], padding: Insets, layoutBounds: Insets?,
        regionColors: [RegionColor]?, outline: Outline?
    ) {
        self.width = width
        self.height = height
        self.stretchX = stretchX
        self.stretchY = stretchY
        self.padding = padding
        self.layoutBounds = layoutBounds
        self.regionColors = regionColors
        self.outline = outline
    }
}
