public import Diagnostics

/// Every rule playprep applies to one NinePatch file, with repository files that pass and fail it. `NP0xx` rules
/// are aapt2's own: any of them makes `aapt2 compile` fail. `NP1xx` rules catch what aapt2 silently gets wrong or
/// skips. `PNG0xx` rules are about the file not being a usable PNG at all. (NP105 and NP106 compare files of a
/// project: they live in ProjectCheck.)
public enum NinePatchRules {
    public static let imageTooSmall = Rule.ninePatch(
        "NP001", "image-too-small", .error,
        "A NinePatch needs at least 3x3 pixels: a 1x1 image plus its 1-pixel frame.",
        why: "aapt2 compile fails the build on it.",
        passing: valid,
        failing: crafted(["size_2x2", "size_1x1"]))

    public static let invalidCorner = Rule.ninePatch(
        "NP002", "invalid-corner", .error,
        "The top-left pixel chooses the frame background and must be fully transparent or opaque white.",
        why: "aapt2 compile fails the build on it.",
        passing: crafted(["basic", "basic_white"]),
        failing: crafted(["corner_tl_black", "corner_tl_semi_white"]))

    public static let invalidFrameColor = Rule.ninePatch(
        "NP003", "invalid-frame-color", .error,
        "Frame pixels must be exactly opaque black (0xFF000000), opaque red (0xFFFF0000) or the background.",
        why: "aapt2 compile fails the build on it.",
        passing: valid,
        failing: problems(["three_problems"]) + crafted(["alpha254_black_top"]))

    public static let redTickOnTop = Rule.ninePatch(
        "NP004", "red-tick-on-top", .error,
        "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the top border.",
        why: "aapt2 compile fails the build on it.",
        passing: valid,
        failing: crafted(["red_top"]))

    public static let redTickOnLeft = Rule.ninePatch(
        "NP005", "red-tick-on-left", .error,
        "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the left border.",
        why: "aapt2 compile fails the build on it.",
        passing: valid,
        failing: crafted(["red_left"]))

    public static let multiplePaddingRuns = Rule.ninePatch(
        "NP006", "multiple-padding-runs", .error,
        "The bottom and right borders may hold at most one black run each: the content padding.",
        why: "aapt2 compile fails the build on it.",
        passing: crafted(["padding_explicit"]),
        failing: crafted(["padding_gap_bottom", "padding_gap_right"]))

    public static let tooManyLayoutBoundRuns = Rule.ninePatch(
        "NP007", "too-many-layout-bound-runs", .error,
        "The bottom and right borders may hold at most two red runs each: the layout-bound insets.",
        why: "aapt2 compile fails the build on it.",
        passing: crafted(["lb_bottom_end_only"]),
        failing: crafted(["lb_bottom_three"]))

    public static let layoutBoundNotAtEdge = Rule.ninePatch(
        "NP008", "layout-bound-not-at-edge", .error,
        "Red layout-bound runs must touch an end of their border: the first the start (or the end), the second the end.",
        why: "aapt2 compile fails the build on it.",
        passing: valid,
        failing: crafted(["lb_bottom_middle", "lb_right_middle"]))

    public static let tooManyRegions = Rule.ninePatch(
        "NP009", "too-many-regions", .error,
        "The stretch ticks may cut the image into at most \(FrameValidator.maxRegions) regions (columns x rows).",
        why: "aapt2 compile fails the build on it.",
        passing: crafted(["multi_stretch"]),
        failing: crafted(["regions_15x9"]))

    public static let notProcessedExtension = Rule.ninePatch(
        "NP101", "not-processed-extension", .warning,
        "aapt2 only treats files ending exactly in '.9.png' as NinePatches; others are copied unchecked.",
        why: "The build passes, but users see the 1-pixel frame drawn and nothing stretches.")

    public static let notProcessedRaw = Rule.ninePatch(
        "NP102", "not-processed-raw", .warning,
        "Files in res/raw are copied byte for byte: aapt2 neither checks nor compiles a NinePatch there.",
        why: "The build passes, but the file ships with its frame as a plain image, never as a NinePatch.",
        failing: ["TestImages/BrokenApp/app/src/main/res/raw/splash.9.png"])

    public static let endOnlyLayoutBound = Rule.ninePatch(
        "NP103", "end-only-layout-bound", .warning,
        "A single red run at the end of a border is stored by aapt2 as a start inset covering the whole line.",
        why: "The build passes, but users see content laid out against a wrong optical inset.",
        passing: valid,
        failing: problems(["end_only_layout_bound"]))

    public static let stretchCountOverflow = Rule.ninePatch(
        "NP104", "stretch-count-overflow", .warning,
        "More than \(FrameValidator.maxStretchRuns) stretch runs on an axis (or \(FrameValidator.maxChunkColors) regions) "
            + "overflow npTc's one-byte counts: aapt2 writes a corrupt chunk.",
        why: "The build passes, but the app ships a corrupt chunk that draws wrongly on every device.",
        passing: valid,
        failing: crafted(["many_x_130_no_y"]))

    public static let badPatch = Rule.ninePatch(
        "NP107", "bad-patch", .warning,
        "Stretchable cells should stretch cleanly: a dot, line, edge or text inside one turns into a wide blur when drawn stretched.",
        why: "Users see a smeared blur wherever the drawable is stretched.",
        passing: problems(["smooth_gradient_stretch", "linear_ramp_stretch", "pill_edge_stretch"]),
        failing: problems(["bad_patch", "detail_in_stretch"]))

    public static let contentOutsideLayoutBounds = Rule.ninePatch(
        "NP108", "content-outside-layout-bounds", .warning,
        "The content box (padding) should lie inside the layout (optical) bounds, or content draws over the shadow or glow.",
        why: "Users see content drawn over the drawable's shadow or glow.",
        passing: problems(["content_inside_layout_bounds"]),
        failing: problems(["content_outside_layout_bounds"]))

    public static let aapt1Rejects = Rule.ninePatch(
        "NP201", "aapt1-rejects", .warning,
        "Opt-in (--aapt1): aapt (v1) requires at least one stretch tick on the top and on the left border; aapt2 does not.",
        why: "Only aapt (v1) refuses it, and AGP has used aapt2 since 3.0: advice for old toolchains.",
        optIn: true)

    public static let unreadablePNG = Rule.ninePatch(
        "PNG001", "unreadable-png", .error,
        "The file must be a complete, uncorrupted PNG.", why: "aapt2 compile fails the build on a PNG it cannot read.",
        passing: valid,
        failing: ["TestImages/malformed/bad_crc.9.png", "TestImages/malformed/truncated_idat.9.png"])

    public static let pngTooLarge = Rule.ninePatch(
        "PNG002", "png-too-large", .error,
        "The image exceeds the configured size limits and was not decoded.",
        why: "The file was not checked at all (a configured limit), so a passing run must not hide it.",
        passing: valid,
        failing: ["TestImages/malformed/huge_ihdr.9.png"])

    /// Every rule of one NinePatch file, in id order.
    public static let all: [Rule] = [
        imageTooSmall, invalidCorner, invalidFrameColor, redTickOnTop, redTickOnLeft, multiplePaddingRuns,
        tooManyLayoutBoundRuns, layoutBoundNotAtEdge, tooManyRegions, notProcessedExtension, notProcessedRaw,
        endOnlyLayoutBound, stretchCountOverflow, badPatch, contentOutsideLayoutBounds, aapt1Rejects, unreadablePNG,
        pngTooLarge,
    ]

    private static let valid = crafted(["basic"])

    private static func crafted(_ names: [String]) -> [String] { names.map { "TestImages/crafted/\($0).9.png" } }

    private static func problems(_ names: [String]) -> [String] { names.map { "TestImages/problems/\($0).9.png" } }
}
