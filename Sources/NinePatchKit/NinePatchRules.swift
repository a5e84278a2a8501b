public import Diagnostics

/// Every rule playprep applies to NinePatch files. `NP0xx` rules are aapt2's own: any of them makes
/// `aapt2 compile` fail. `NP1xx` rules catch what aapt2 silently gets wrong or skips. `PNG0xx` rules are about
/// the file not being a usable PNG at all.
public enum NinePatchRule: String, Sendable, CaseIterable {
    case imageTooSmall = "NP001"
    case invalidCorner = "NP002"
    case invalidFrameColor = "NP003"
    case redTickOnTop = "NP004"
    case redTickOnLeft = "NP005"
    case multiplePaddingRuns = "NP006"
    case tooManyLayoutBoundRuns = "NP007"
    case layoutBoundNotAtEdge = "NP008"
    case tooManyRegions = "NP009"
    case notProcessedExtension = "NP101"
    case notProcessedRaw = "NP102"
    case endOnlyLayoutBound = "NP103"
    case stretchCountOverflow = "NP104"
    case resourceNameClash = "NP105"
    case densityMismatch = "NP106"
    case badPatch = "NP107"
    case contentOutsideLayoutBounds = "NP108"
    case aapt1Rejects = "NP201"
    case unreadablePNG = "PNG001"
    case pngTooLarge = "PNG002"

    public var id: String { rawValue }

    public var descriptor: RuleDescriptor {
        switch self {
        case .imageTooSmall:
            rule("image-too-small", .error, "A NinePatch needs at least 3x3 pixels: a 1x1 image plus its 1-pixel frame.")
        case .invalidCorner:
            rule("invalid-corner", .error,
                 "The top-left pixel chooses the frame background and must be fully transparent or opaque white.")
        case .invalidFrameColor:
            rule("invalid-frame-color", .error,
                 "Frame pixels must be exactly opaque black (0xFF000000), opaque red (0xFFFF0000) or the background.")
        case .redTickOnTop:
            rule("red-tick-on-top", .error,
                 "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the top border.")
        case .redTickOnLeft:
            rule("red-tick-on-left", .error,
                 "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the left border.")
        case .multiplePaddingRuns:
            rule("multiple-padding-runs", .error,
                 "The bottom and right borders may hold at most one black run each: the content padding.")
        case .tooManyLayoutBoundRuns:
            rule("too-many-layout-bound-runs", .error,
                 "The bottom and right borders may hold at most two red runs each: the layout-bound insets.")
        case .layoutBoundNotAtEdge:
            rule("layout-bound-not-at-edge", .error,
                 "Red layout-bound runs must touch an end of their border: the first the start (or the end), the second the end.")
        case .tooManyRegions:
            rule("too-many-regions", .error,
                 "The stretch ticks may cut the image into at most 127 regions (columns x rows).")
        case .notProcessedExtension:
            rule("not-processed-extension", .warning,
                 "aapt2 only treats files ending exactly in '.9.png' as NinePatches; others are copied unchecked.")
        case .notProcessedRaw:
            rule("not-processed-raw", .warning,
                 "Files in res/raw are copied byte for byte: aapt2 neither checks nor compiles a NinePatch there.")
        case .endOnlyLayoutBound:
            rule("end-only-layout-bound", .warning,
                 "A single red run at the end of a border is stored by aapt2 as a start inset covering the whole line.")
        case .stretchCountOverflow:
            rule("stretch-count-overflow", .warning,
                 "More than 127 stretch runs on an axis (or 255 regions) overflow npTc's one-byte counts: aapt2 writes a corrupt chunk.")
        case .resourceNameClash:
            rule("resource-name-clash", .error,
                 "x.9.png and another file named x.* in the same resource folder define the same resource: the build fails at link time.")
        case .densityMismatch:
            rule("density-mismatch", .warning,
                 "The same drawable in several density folders should be scaled to each density, with stretch spans that draw like the proportional ones and padding and layout bounds in proportion.")
        case .badPatch:
            rule("bad-patch", .warning,
                 "Stretchable cells should stretch cleanly: a dot, line, edge or text inside one turns into a wide blur when drawn stretched.")
        case .contentOutsideLayoutBounds:
            rule("content-outside-layout-bounds", .warning,
                 "The content box (padding) should lie inside the layout (optical) bounds, or content draws over the shadow or glow.")
        case .aapt1Rejects:
            rule("aapt1-rejects", .warning,
                 "Opt-in (--aapt1): aapt (v1) requires at least one stretch tick on the top and on the left border; aapt2 does not.",
                 optIn: true)
        case .unreadablePNG:
            rule("unreadable-png", .error, "The file must be a complete, uncorrupted PNG.")
        case .pngTooLarge:
            rule("png-too-large", .error, "The image exceeds the configured size limits and was not decoded.")
        }
    }

    private func rule(_ name: String, _ severity: Severity, _ summary: String, optIn: Bool = false) -> RuleDescriptor {
        RuleDescriptor(id: rawValue, name: name, defaultSeverity: severity, summary: summary, isEnabledByDefault: !optIn)
    }

    /// Builds a diagnostic of this rule with its default severity.
    public func diagnostic(file: String, at location: Location? = nil, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(ruleID: rawValue, severity: descriptor.defaultSeverity, file: file, location: location,
                   message: message, hint: hint)
    }
}
