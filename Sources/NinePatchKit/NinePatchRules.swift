public import Diagnostics

/// Every rule playprep applies to one NinePatch file, each with repository files that pass and fail it and its
/// check, so a new rule is one entry in this file and its name in the list of its subject (``onFrame``, …).
/// `NP0xx` rules are aapt2's own: any of them makes `aapt2 compile` fail. `NP1xx` rules catch what aapt2 silently
/// gets wrong or skips. `PNG0xx` rules are about the file not being a usable PNG at all. (NP105 and NP106 compare
/// files of a project: they live in ProjectCheck.)
///
/// Each list is run in its order at one step of reading a file: its path (``onPath``), a failed read
/// (``onReadFailure``), the image size (``onImageSize``), the frame (``onFrame``), each of its borders in the order
/// top, left, bottom, right (``onBorder``), the stretch grid (``onStretchGrid``) and, once aapt2 accepts the file,
/// what the row scan accumulated (``onAccepted``). That order is the order of the findings (errors first).
public enum NinePatchRules {
    public static let imageTooSmall = ImageSizeRule(
        .ninePatch(
            "NP001", "image-too-small", .error,
            "A NinePatch needs at least 3x3 pixels: a 1x1 image plus its 1-pixel frame.",
            why: "aapt2 compile fails the build on it.",
            passing: valid,
            failing: crafted(["size_2x2", "size_1x1"]))
    ) { size, finding in
        guard !size.canHoldFrame else { return [] }
        return [
            finding(
                "image is \(size.width)x\(size.height); a NinePatch needs at least 3x3 (1x1 content plus the 1-pixel frame)",
                hint: "add a 1-pixel frame around the content")
        ]
    }

    public static let invalidCorner = FrameRule(
        .ninePatch(
            "NP002", "invalid-corner", .error,
            "The top-left pixel chooses the frame background and must be fully transparent or opaque white.",
            why: "aapt2 compile fails the build on it.",
            passing: crafted(["basic", "basic_white"]),
            failing: crafted(["corner_tl_black", "corner_tl_semi_white"]))
    ) { frame, finding in
        guard !frame.cornerIsValid else { return [] }
        return [
            finding(
                at: .pixel(x: 0, y: 0),
                "top-left corner is \(ColorWords.describe(frame.topLeft)); it must be transparent or opaque white",
                hint: frame.background.map {
                    "the rest of the frame looks \($0.rawValue): make the corner \($0.rawValue) too "
                        + "(`playprep ninepatch fix` does)"
                }
                    ?? "make the whole frame transparent (or opaque white) and draw ticks in opaque black")
        ]
    }

    public static let invalidFrameColor = FrameRule(
        .ninePatch(
            "NP003", "invalid-frame-color", .error,
            "Frame pixels must be exactly opaque black (0xFF000000), opaque red (0xFFFF0000) or the background.",
            why: "aapt2 compile fails the build on it.",
            passing: valid,
            failing: problems(["three_problems"]) + crafted(["alpha254_black_top"]))
    ) { frame, finding in
        guard let background = frame.background else { return [] }
        return frame.lines.flatMap { line in
            line.invalidRuns.map { run in
                let what =
                    run.span.length == 1
                    ? ColorWords.describe(run.firstColor)
                    : "\(run.span.length) pixels of \(run.isUniform ? "" : "colours such as ")\(ColorWords.describe(run.firstColor))"
                return finding(
                    at: frame.location(line.edge, run.span.start),
                    "\(line.edge.rawValue) border \(line.edge.positions(run.span)): \(what) \(run.span.length == 1 ? "is" : "are") not a valid frame colour",
                    hint: invalidColorHint(run.firstColor, background: background)
                        + FrameRepair.hint(for: run.firstColor, on: line.edge, background: background))
            }
        }
    }

    public static let redTickOnTop = FrameBorderRule(
        .ninePatch(
            "NP004", "red-tick-on-top", .error,
            "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the top border.",
            why: "aapt2 compile fails the build on it.",
            passing: valid,
            failing: crafted(["red_top"]))
    ) { border, finding in
        border.line.edge == .top ? forbiddenRed(border, finding) : []
    }

    public static let redTickOnLeft = FrameBorderRule(
        .ninePatch(
            "NP005", "red-tick-on-left", .error,
            "Red (layout-bound) ticks are only allowed on the bottom and right borders, not on the left border.",
            why: "aapt2 compile fails the build on it.",
            passing: valid,
            failing: crafted(["red_left"]))
    ) { border, finding in
        border.line.edge == .left ? forbiddenRed(border, finding) : []
    }

    public static let multiplePaddingRuns = FrameBorderRule(
        .ninePatch(
            "NP006", "multiple-padding-runs", .error,
            "The bottom and right borders may hold at most one black run each: the content padding.",
            why: "aapt2 compile fails the build on it.",
            passing: crafted(["padding_explicit"]),
            failing: crafted(["padding_gap_bottom", "padding_gap_right"]))
    ) { border, finding in
        let line = border.line
        guard border.holdsPadding, line.blackRuns.count > 1 else { return [] }
        let list = line.blackRuns.map { line.edge.positions($0) }.joined(separator: ", ")
        return [
            finding(
                at: border.location(line.blackRuns[1].start),
                "\(line.edge.rawValue) border has \(line.blackRuns.count) black padding runs (\(list)); only one is allowed",
                hint:
                    "the \(line.edge.rawValue) line marks one content area: join the runs into a single run or remove the extra ones"
            )
        ]
    }

    public static let tooManyLayoutBoundRuns = FrameBorderRule(
        .ninePatch(
            "NP007", "too-many-layout-bound-runs", .error,
            "The bottom and right borders may hold at most two red runs each: the layout-bound insets.",
            why: "aapt2 compile fails the build on it.",
            passing: crafted(["lb_bottom_end_only"]),
            failing: crafted(["lb_bottom_three"]))
    ) { border, finding in
        let red = border.line.redRuns
        guard border.holdsPadding, red.count > 2 else { return [] }
        let list = red.map { border.line.edge.positions($0) }.joined(separator: ", ")
        return [
            finding(
                at: border.location(red[2].start),
                "\(border.line.edge.rawValue) border has \(red.count) red layout-bound runs (\(list)); at most two are allowed",
                hint:
                    "one red run from the start of the line gives the start inset, one ending at its end gives the end inset"
            )
        ]
    }

    public static let layoutBoundNotAtEdge = FrameBorderRule(
        .ninePatch(
            "NP008", "layout-bound-not-at-edge", .error,
            "Red layout-bound runs must touch an end of their border: the first the start (or the end), the second the end.",
            why: "aapt2 compile fails the build on it.",
            passing: valid,
            failing: crafted(["lb_bottom_middle", "lb_right_middle"]))
    ) { border, finding in
        let line = border.line
        guard border.holdsPadding, line.redRuns.count <= 2, let first = line.redRuns.first else { return [] }
        if first.start != 0 && first.end != line.length {
            return [
                finding(
                    at: border.location(first.start),
                    "\(line.edge.rawValue) border: red run \(line.edge.positions(first)) touches neither end of the line",
                    hint: "a layout-bound run must start at the first frame pixel or end at the last one")
            ]
        }
        guard line.redRuns.count == 2, let last = line.redRuns.last, last.end != line.length else { return [] }
        return [
            finding(
                at: border.location(last.start),
                "\(line.edge.rawValue) border: second red run \(line.edge.positions(last)) does not reach the end of the line",
                hint: "the second layout-bound run must end at the last frame pixel before the corner")
        ]
    }

    public static let tooManyRegions = StretchGridRule(
        .ninePatch(
            "NP009", "too-many-regions", .error,
            "The stretch ticks may cut the image into at most \(StretchGrid.maxRegions) regions (columns x rows).",
            why: "aapt2 compile fails the build on it.",
            passing: crafted(["multi_stretch"]),
            failing: crafted(["regions_15x9"]))
    ) { grid, finding in
        guard grid.regionCount > StretchGrid.maxRegions else { return [] }
        return [
            finding(
                "the stretch ticks cut the image into \(grid.columnCount) columns x \(grid.rowCount) rows = \(grid.regionCount) regions; aapt2 allows at most \(StretchGrid.maxRegions)",
                hint: "merge neighbouring stretch ticks on the top or left border")
        ]
    }

    public static let notProcessedExtension = NinePatchSourceRule(
        .ninePatch(
            "NP101", "not-processed-extension", .warning,
            "aapt2 only treats files ending exactly in '.9.png' as NinePatches; others are copied unchecked.",
            why: "The build passes, but users see the 1-pixel frame drawn and nothing stretches.",
            passing: ["TestImages/crafted/basic.9.png"], failing: ["TestImages/extension-case/button.9.PNG"])
    ) { source, finding in
        guard source.kind == .wrongExtensionCase else { return [] }
        return [
            finding(
                "'\(source.fileName)' does not end exactly in '.9.png', so aapt2 copies it unchecked as a plain image",
                hint: "rename it to end in lower-case '.9.png' to have it compiled as a NinePatch")
        ]
    }

    public static let notProcessedRaw = NinePatchSourceRule(
        .ninePatch(
            "NP102", "not-processed-raw", .warning,
            "Files in res/raw are copied byte for byte: aapt2 neither checks nor compiles a NinePatch there.",
            why: "The build passes, but the file ships with its frame as a plain image, never as a NinePatch.",
            failing: ["TestImages/BrokenApp/app/src/main/res/raw/splash.9.png"])
    ) { source, finding in
        guard source.kind == .rawResource else { return [] }
        return [
            finding(
                "files in res/raw are copied byte for byte: aapt2 neither checks nor compiles this NinePatch",
                hint: "move it to res/drawable (or a drawable-<density> folder) to use it as a NinePatch")
        ]
    }

    public static let endOnlyLayoutBound = FrameBorderRule(
        .ninePatch(
            "NP103", "end-only-layout-bound", .warning,
            "A single red run at the end of a border is stored by aapt2 as a start inset covering the whole line.",
            why: "The build passes, but users see content laid out against a wrong optical inset.",
            passing: valid,
            failing: problems(["end_only_layout_bound"]))
    ) { border, finding in
        let line = border.line
        guard border.holdsPadding, line.redRuns.count == 1, let run = line.redRuns.first, run.start != 0,
            run.end == line.length
        else { return [] }
        let (startSide, endSide) = line.edge == .bottom ? ("left", "right") : ("top", "bottom")
        return [
            finding(
                at: border.location(run.start),
                "\(line.edge.rawValue) border: the only red run \(line.edge.positions(run)) is at the end, but aapt2 stores it as a "
                    + "\(startSide) layout inset of \(run.end) (the whole line), not a \(endSide) inset of \(run.length)",
                hint:
                    "aapt2 cannot express an end-only layout bound; add a red run at the start as well, or remove the red ticks"
            )
        ]
    }

    public static let stretchCountOverflow = StretchGridRule(
        .ninePatch(
            "NP104", "stretch-count-overflow", .warning,
            "More than \(StretchGrid.maxStretchRuns) stretch runs on an axis (or \(StretchGrid.maxChunkColors) regions) "
                + "overflow npTc's one-byte counts: aapt2 writes a corrupt chunk.",
            why: "The build passes, but the app ships a corrupt chunk that draws wrongly on every device.",
            passing: valid,
            failing: crafted(["many_x_130_no_y"]))
    ) { grid, finding in
        guard grid.regionCount <= StretchGrid.maxRegions else { return [] }
        var found = [Finding]()
        for line in [grid.columns, grid.rows] where line.blackRuns.count > StretchGrid.maxStretchRuns {
            let stored = (line.blackRuns.count * 2) % 256
            found.append(
                finding(
                    at: .pixel(
                        x: line.edge == .top ? line.blackRuns[0].start + 1 : 0,
                        y: line.edge == .top ? 0 : line.blackRuns[0].start + 1),
                    "\(line.edge.rawValue) border has \(line.blackRuns.count) stretch runs: npTc stores 2 x \(line.blackRuns.count) in one byte as \(stored), so aapt2 writes a corrupt chunk without an error",
                    hint: "use at most \(StretchGrid.maxStretchRuns) stretch runs per border"))
        }
        let colors = grid.chunkColorCount
        if found.isEmpty, colors > StretchGrid.maxChunkColors {
            found.append(
                finding(
                    "the image has \(colors) regions: npTc stores the colour count in one byte as \(colors % 256), so aapt2 writes a corrupt chunk without an error",
                    hint: "use fewer stretch runs"))
        }
        return found
    }

    public static let badPatch = AcceptedNinePatchRule(
        .ninePatch(
            "NP107", "bad-patch", .warning,
            "Stretchable cells should stretch cleanly: a dot, line, edge or text inside one turns into a wide blur when drawn stretched.",
            why: "Users see a smeared blur wherever the drawable is stretched.",
            passing: problems(["smooth_gradient_stretch", "linear_ramp_stretch", "pill_edge_stretch"]),
            failing: problems(["bad_patch", "detail_in_stretch"]))
    ) { accepted, finding in
        accepted.badPatches.map { patch in
            let along =
                switch patch.direction {
                case .horizontal: "along its rows"
                case .vertical: "along its columns"
                case .both: "along its rows and columns"
                }
            return finding(
                at: .pixel(x: patch.x + 1, y: patch.y + 1),
                "stretchable cell x \(patch.columns), y \(patch.rows) smears \(along): stretched \(patch.stretchFactor)x, the detail "
                    + "at this pixel blurs over \(patch.smearLength) px that differ by up to \(patch.difference) from the cell "
                    + "stretched cleanly (threshold \(accepted.badPatchThreshold))",
                hint:
                    "move the stretch ticks onto a uniform area (or a linear gradient along the stretch), or take the "
                    + "detail out of the stretchable cell")
        }
    }

    /// A padding line drawn on the same border as the red runs cannot reach past them (a pixel is black or red),
    /// so this catches a missing padding line, whose default (the stretch area) can reach past the optical
    /// bounds, and NP103's misread single run.
    public static let contentOutsideLayoutBounds = AcceptedNinePatchRule(
        .ninePatch(
            "NP108", "content-outside-layout-bounds", .warning,
            "The content box (padding) should lie inside the layout (optical) bounds, or content draws over the shadow or glow.",
            why: "Users see content drawn over the drawable's shadow or glow.",
            passing: problems(["content_inside_layout_bounds"]),
            failing: problems(["content_outside_layout_bounds"]))
    ) { accepted, finding in
        let model = accepted.model
        guard let bounds = model.layoutBounds else { return [] }
        let sides: [(name: String, padding: Int, bound: Int, border: String, pixel: Location)] = [
            ("left", model.padding.left, bounds.left, "bottom", .pixel(x: model.padding.left + 1, y: model.height + 1)),
            (
                "right", model.padding.right, bounds.right, "bottom",
                .pixel(x: model.width - model.padding.right, y: model.height + 1)
            ),
            ("top", model.padding.top, bounds.top, "right", .pixel(x: model.width + 1, y: model.padding.top + 1)),
            (
                "bottom", model.padding.bottom, bounds.bottom, "right",
                .pixel(x: model.width + 1, y: model.height - model.padding.bottom)
            ),
        ]
        return sides.filter { $0.padding < $0.bound }.map { side in
            finding(
                at: side.pixel,
                "the content box reaches \(side.bound - side.padding) px past the \(side.name) layout bound "
                    + "(padding \(side.padding), layout-bound inset \(side.bound)), so content overlaps the area "
                    + "outside the optical bounds",
                hint:
                    "draw an explicit black padding run on the \(side.border) border between the red layout-bound runs")
        }
    }

    /// Opt-in, so not in ``onAccepted``: run by whoever turns it on (``NinePatchLints/aapt1Compatibility(_:file:)``).
    public static let aapt1Rejects = AcceptedNinePatchRule(
        .ninePatch(
            "NP201", "aapt1-rejects", .warning,
            "Opt-in (--aapt1): aapt (v1) requires at least one stretch tick on the top and on the left border; aapt2 does not.",
            why: "Only aapt (v1) refuses it, and AGP has used aapt2 since 3.0: advice for old toolchains.",
            optIn: true, passing: ["TestImages/crafted/basic.9.png"], failing: ["TestImages/crafted/many_x_no_y.9.png"])
    ) { accepted, finding in
        var missing = [String]()
        if accepted.model.stretchX.isEmpty { missing.append("top") }
        if accepted.model.stretchY.isEmpty { missing.append("left") }
        guard !missing.isEmpty else { return [] }
        return [
            finding(
                at: .pixel(x: missing[0] == "top" ? 1 : 0, y: missing[0] == "top" ? 0 : 1),
                "the \(missing.joined(separator: " and ")) border\(missing.count > 1 ? "s have" : " has") no stretch tick: "
                    + "aapt (v1) fails with 'No marked region found along edge', aapt2 accepts it",
                hint:
                    "mark at least one stretchable pixel on the top and left borders if the project still builds with aapt v1"
            )
        ]
    }

    public static let unreadablePNG = NinePatchReadFailureRule(
        .ninePatch(
            "PNG001", "unreadable-png", .error,
            "The file must be a complete, uncorrupted PNG.",
            why: "aapt2 compile fails the build on a PNG it cannot read.",
            passing: valid,
            failing: ["TestImages/malformed/bad_crc.9.png", "TestImages/malformed/truncated_idat.9.png"])
    ) { failure, finding in
        failure.isOverLimit ? [] : [finding(failure.reason)]
    }

    public static let pngTooLarge = NinePatchReadFailureRule(
        .ninePatch(
            "PNG002", "png-too-large", .error,
            "The image exceeds the configured size limits and was not decoded.",
            why: "The file was not checked at all (a configured limit), so a passing run must not hide it.",
            passing: valid,
            failing: ["TestImages/malformed/huge_ihdr.9.png"])
    ) { failure, finding in
        failure.isOverLimit ? [finding(failure.reason)] : []
    }

    /// Run on a file's path before it is read: a file aapt2 does not compile as a NinePatch.
    static let onPath = [notProcessedExtension, notProcessedRaw]
    /// Run when the file cannot be read or decoded.
    static let onReadFailure = [unreadablePNG, pngTooLarge]
    /// Run on the decoded image's size, before anything else.
    static let onImageSize = [imageTooSmall]
    /// Run on the whole frame, before its borders.
    static let onFrame = [invalidCorner, invalidFrameColor]
    /// Run on each border in turn: top, left, bottom, right.
    static let onBorder = [
        redTickOnTop, redTickOnLeft, multiplePaddingRuns, tooManyLayoutBoundRuns, layoutBoundNotAtEdge,
        endOnlyLayoutBound,
    ]
    /// Run on the stretch grid, after the borders.
    static let onStretchGrid = [tooManyRegions, stretchCountOverflow]
    /// Run when aapt2 accepts the file, on the model and what the row scan accumulated.
    static let onAccepted = [badPatch, contentOutsideLayoutBounds]

    /// Every rule of one NinePatch file, in id order.
    public static let all: [Rule] =
        (onPath.map(\.rule) + onReadFailure.map(\.rule) + onImageSize.map(\.rule) + onFrame.map(\.rule)
        + onBorder.map(\.rule) + onStretchGrid.map(\.rule) + onAccepted.map(\.rule) + [aapt1Rejects.rule])
        .sorted { $0.id < $1.id }

    private static let valid = crafted(["basic"])

    private static func crafted(_ names: [String]) -> [String] { names.map { "TestImages/crafted/\($0).9.png" } }

    private static func problems(_ names: [String]) -> [String] { names.map { "TestImages/problems/\($0).9.png" } }

    /// NP004 and NP005: red runs on a border where only black stretch ticks are allowed.
    private static func forbiddenRed(_ border: FrameBorder, _ finding: RuleOutput) -> [Finding] {
        border.line.redRuns.map { run in
            finding(
                at: border.location(run.start),
                "\(border.line.edge.rawValue) border \(border.line.edge.positions(run)): red (layout-bound) tick where only black stretch ticks are allowed",
                hint:
                    "layout (optical) bounds go on the bottom and right borders; use opaque black 0xFF000000 here to mark a stretchable area"
            )
        }
    }

    /// NP003's hint: what the invalid colour most likely was meant to be.
    private static func invalidColorHint(_ argb: UInt32, background: FrameBackground) -> String {
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
}
